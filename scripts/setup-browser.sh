#!/usr/bin/env bash
# Makes sure Debian's Chromium is installed for the end-to-end tests and benchmarks.
# Playwright cannot download its own browser on these machines, so the tests drive
# /usr/bin/chromium (CHROMIUM_PATH) through playwright-core.
set -euo pipefail
browser="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$browser" ]; then
  exit 0
fi
if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium package for the browser tests..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends chromium fonts-liberation >/dev/null
  if [ -x "$browser" ]; then
    echo "Chromium installed at $browser."
    exit 0
  fi
fi
cat >&2 <<MSG
The end-to-end tests need Chromium at $browser and it is not there.
Install it as root with:   apt-get update && apt-get install -y chromium
or point CHROMIUM_PATH at a Chromium or Chrome binary.
MSG
exit 1
