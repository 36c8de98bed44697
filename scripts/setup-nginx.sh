#!/usr/bin/env bash
# Makes sure Debian's nginx (and its brotli_static module, when the package exists) is
# installed for `npm run start:production` and the end-to-end tests, which run the production
# topology: nginx in front, the API as its own process.
set -euo pipefail
if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's nginx package for the production topology..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends nginx >/dev/null
  # Brotli is optional: gzip alone still works where the module is not packaged.
  apt-get install -y -qq --no-install-recommends libnginx-mod-http-brotli-static >/dev/null 2>&1 ||
    echo "libnginx-mod-http-brotli-static is not available: serving gzip only."
  # The package starts a default site on port 80; the store runs its own nginx.
  if command -v service >/dev/null 2>&1; then service nginx stop >/dev/null 2>&1 || true; fi
  if [ -x /usr/sbin/nginx ]; then
    echo "nginx installed at /usr/sbin/nginx."
    exit 0
  fi
fi
cat >&2 <<MSG
The production topology needs nginx and it is not installed.
Install it as root with:   apt-get update && apt-get install -y nginx libnginx-mod-http-brotli-static
MSG
exit 1
