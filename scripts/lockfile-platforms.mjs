// Run after `npm install` changes package-lock.json (see docs/development.md, "Dependencies").
//
// The registry mirror these machines use serves only the Linux builds of some
// platform-specific optional packages (@astrojs/compiler-binding-*, @pagefind/*).
// npm 11 then leaves the other platforms out of the lockfile, and `npm ci` refuses
// the lockfile it just wrote ("Missing: ... from lock file"). This records every
// declared optional dependency that is absent, as an optional entry with its
// declared version, so `npm ci` accepts the lockfile and skips those packages.
import { readFileSync, writeFileSync } from 'node:fs';

const path = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;
let added = 0;
for (const [where, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${where ? `${where}/` : ''}node_modules/${name}`;
    if (packages[nested] || packages[`node_modules/${name}`]) continue;
    packages[`node_modules/${name}`] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
    };
    added += 1;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lockfile-platforms: ${added} optional platform entries added`);
