import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

/** The unprivileged account nginx's workers run as when its master starts as root. */
export interface WorkerUser {
  name: string;
  /** Its primary group's name: nginx's `user` line needs it (Debian has no group 'nobody'). */
  group: string;
  uid: number;
  gid: number;
}

/**
 * Looked for in this order: Debian's nginx package creates www-data, Red Hat's and Alpine's
 * create nginx, and nobody exists everywhere.
 */
export const WORKER_USERS = ['www-data', 'nginx', 'nobody'] as const;

/** /etc/passwd and /etc/group as text (tests give their own). */
export interface AccountFiles {
  passwd: string;
  group: string;
}

const readAccounts = (): AccountFiles => ({
  passwd: readFileSync('/etc/passwd', 'utf8'),
  group: readFileSync('/etc/group', 'utf8'),
});

/** name → [uid or gid, ...] of a passwd- or group-style file. */
function entries(text: string): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const line of text.split('\n')) {
    const [name, , ...rest] = line.split(':');
    if (name && !name.startsWith('#') && !map.has(name)) map.set(name, rest);
  }
  return map;
}

/**
 * The first of WORKER_USERS this machine has, with its primary group; never an account with
 * uid or gid 0. Throws when there is none.
 * @example workerUser() // { name: 'www-data', group: 'www-data', uid: 33, gid: 33 }
 */
export function workerUser(files: AccountFiles = readAccounts()): WorkerUser {
  const users = entries(files.passwd);
  const groups = [...entries(files.group)].map(([name, [gid]]) => ({ name, gid: Number(gid) }));
  for (const name of WORKER_USERS) {
    const [uidText, gidText] = users.get(name) ?? [];
    const uid = Number(uidText);
    const gid = Number(gidText);
    if (!Number.isInteger(uid) || !Number.isInteger(gid) || uid === 0 || gid === 0) continue;
    const group = groups.find((entry) => entry.gid === gid)?.name;
    if (group) return { name, group, uid, gid };
  }
  throw new Error(
    `nginx was started as root and none of the accounts its workers could run as (${WORKER_USERS.join(', ')}) exists with a group: create one, or start the store as an unprivileged user.`,
  );
}

/** What nginx's workers open: the site and media to read, and its run directory to enter. */
export interface WorkerPaths {
  read: readonly string[];
  enter: readonly string[];
}

/**
 * Each path of `paths` that `user` cannot read (or enter), checked by running test(1) as that
 * user: the directories above a path count too, which a mode bit check would have to walk
 * itself. Paths that do not exist are left out. Only root can run a check as another user.
 */
export function unreadableBy(user: WorkerUser, paths: WorkerPaths): string[] {
  const passes = (args: string[]) =>
    spawnSync('test', args, { uid: user.uid, gid: user.gid, stdio: 'ignore' }).status === 0;
  return [
    ...paths.read.filter((path) => existsSync(path) && !passes(['-r', path, '-a', '-x', path])),
    ...paths.enter.filter((path) => existsSync(path) && !passes(['-x', path])),
  ];
}

/**
 * Throws, naming each path, when the workers would answer 403 for want of permission, so
 * that a start as root fails at once instead of serving errors.
 */
export function assertReadableBy(user: WorkerUser, paths: WorkerPaths): void {
  const unreadable = unreadableBy(user, paths);
  if (unreadable.length === 0) return;
  throw new Error(
    [
      `nginx was started as root; its workers run as ${user.name}, which cannot read:`,
      ...unreadable.map((path) => `- ${path}`),
      `Make these readable by ${user.name} (chmod o+rx on each, o+x on the directories above it), keep the store where they are (e.g. /srv/store), or start the store as an unprivileged user.`,
    ].join('\n'),
  );
}
