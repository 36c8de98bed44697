import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The patches in patches/ (patch-package, run by `postinstall`) are written against one
 * version of a package each; its file name says which (`astro+7.3.5.patch`,
 * `@astrojs+react+7.0.0.patch`). A range in package.json lets an upgrade install another
 * version, and patch-package then only warns while the fix silently goes ("Full
 * build": pin the exact Astro version the patches were written for). These are the rules a
 * unit test holds the repository to (patch-pins.test.ts).
 */

export interface PatchTarget {
  file: string;
  /** The patched package's name (`@astrojs/react`). */
  name: string;
  /** The package names from the top level down, for a patch of a nested dependency. */
  path: string[];
  version: string;
}

/** An exact version: no range, tag, URL or wildcard (semver's own syntax). */
const EXACT_VERSION = /^\d+\.\d+\.\d+(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?$/;

export const isExactVersion = (spec: string): boolean => EXACT_VERSION.test(spec);

/**
 * What a patch file's name says it patches, as patch-package names them:
 * `[parent++]name+version[+sequence[+description]][.dev].patch`, with a scope's `/` as `+`
 * (`@astrojs+react+7.0.0.patch`) and `++` between a package and the one nested inside it.
 */
export function parsePatchFile(file: string): PatchTarget {
  const stem = /^(.+?)(?:\.dev)?\.patch$/.exec(file)?.[1];
  if (!stem) throw new Error(`${file} is not a patch file (patch-package's name+version.patch).`);
  const parts = stem.split('++');
  const last = parts.pop() ?? '';
  // name, or @scope+name, then the version; anything after it is the sequence and description.
  const match = /^((?:@[^+]+\+)?[^+@]+)\+(\d[^+]*)(?:\+.*)?$/.exec(last);
  if (!match?.[1] || !match[2]) throw new Error(`${file}: no package name and version in it.`);
  const unscope = (part: string) => part.replace(/^(@[^+]+)\+/, '$1/');
  const name = unscope(match[1]);
  return { file, name, path: [...parts.map(unscope), name], version: match[2] };
}

interface PackageJson {
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}
interface PackageLock {
  packages?: Record<string, (PackageJson & { version?: string }) | undefined>;
}

const declared = (pkg: PackageJson | undefined, name: string): string | undefined =>
  pkg?.dependencies?.[name] ?? pkg?.devDependencies?.[name] ?? pkg?.optionalDependencies?.[name];

/**
 * Every way the patches, package.json and package-lock.json disagree, one sentence each; none
 * when each patched package is installed at the patch's version and, for a direct dependency,
 * package.json and the lockfile's root entry pin exactly that version.
 */
export function patchPinProblems(
  patches: PatchTarget[],
  pkg: PackageJson,
  lock: PackageLock,
): string[] {
  const problems: string[] = [];
  for (const patch of patches) {
    const at = `patches/${patch.file}`;
    const lockPath = patch.path.map((name) => `node_modules/${name}`).join('/');
    const locked = lock.packages?.[lockPath]?.version;
    if (locked !== patch.version)
      problems.push(
        `${at} is for ${patch.name} ${patch.version}, but package-lock.json installs ${locked ?? 'none'} at ${lockPath}.`,
      );
    // A nested dependency's version is its parent's to choose; the lockfile pins it above.
    if (patch.path.length > 1) continue;
    for (const [where, spec] of [
      ['package.json', declared(pkg, patch.name)],
      ['package-lock.json (packages[""])', declared(lock.packages?.[''], patch.name)],
    ] as const) {
      if (spec === undefined)
        problems.push(`${at} patches ${patch.name}, which ${where} does not list.`);
      else if (!isExactVersion(spec))
        problems.push(
          `${where} gives ${patch.name} as "${spec}", a range: pin it to "${patch.version}", the version ${at} is written for.`,
        );
      else if (spec !== patch.version)
        problems.push(
          `${where} pins ${patch.name} ${spec}, but ${at} is written for ${patch.version}: update the patch with the package (npx patch-package ${patch.name}).`,
        );
    }
  }
  return problems;
}

/** The problems of the repository at `root`. */
export function repositoryPatchPinProblems(root: string): string[] {
  const readJson = <T>(file: string) => JSON.parse(readFileSync(join(root, file), 'utf8')) as T;
  const patches = readdirSync(join(root, 'patches'))
    .filter((file) => file.endsWith('.patch'))
    .map(parsePatchFile);
  return patchPinProblems(
    patches,
    readJson<PackageJson>('package.json'),
    readJson<PackageLock>('package-lock.json'),
  );
}
