import { readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { processTable, stopProcesses, type TreeMember } from './process-tree.ts';
import { STACK_SITE_MARK } from './site-process.ts';

/**
 * The processes of one data folder left by an earlier start (issue 33, item 10): its API and
 * its web server. A store whose start was killed (SIGKILL, a closed terminal) leaves them
 * running: the API holds the API port and the database, the web server the site's port (and
 * keeps serving the live release, which is what a crash of the publisher should leave), and the
 * next `npm start` failed with 'address in use' until someone found and killed them by hand.
 * A process is the store's when it runs the script with DATA_DIR naming the same folder (the
 * web server also with the stack's mark, so a `npm run serve` started by hand is not one); it
 * is left over when its parent is gone (it then belongs to init, or is no longer a child of a
 * node process). Linux (/proc); elsewhere none is found and the port's own error stands.
 */

const read = (path: string): string => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
};

/** A process's arguments and environment, as /proc keeps them (NUL-separated). */
const argsOf = (pid: number) => read(`/proc/${String(pid)}/cmdline`).split('\0');
const envOf = (pid: number) =>
  new Map(
    read(`/proc/${String(pid)}/environ`)
      .split('\0')
      .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
  );

const realDir = (dir: string): string | undefined => {
  try {
    return realpathSync(dir);
  } catch {
    return undefined;
  }
};

/** One kind of process a start leaves: its script, and what else its environment says. */
interface StoreProcessKind {
  /** 'API', 'web server': in messages. */
  name: string;
  script: string;
  marked?: (env: ReadonlyMap<string, string>) => boolean;
}

const API: StoreProcessKind = { name: 'API', script: 'server/main.ts' };
const SITE: StoreProcessKind = {
  name: 'web server',
  script: 'scripts/serve.ts',
  marked: (env) => env.get(STACK_SITE_MARK) === '1',
};

/** A process of the data folder, and whether the start that made it is gone. */
export interface DataDirProcess extends TreeMember {
  parent: number;
  /** Its parent is gone: nobody will stop it. */
  orphaned: boolean;
}

/** The processes of `kind` (other than this process) serving `dataDir`. */
function processesOfDataDir(kind: StoreProcessKind, dataDir: string): DataDirProcess[] {
  const wanted = realDir(dataDir);
  if (!wanted) return [];
  const table = processTable();
  const found: DataDirProcess[] = [];
  for (const { pid, ppid, start } of table.values()) {
    if (pid === process.pid) continue;
    const args = argsOf(pid);
    if (!args.some((arg) => arg === kind.script || arg.endsWith(`/${kind.script}`))) continue;
    let cwd: string;
    try {
      cwd = readlinkSync(`/proc/${String(pid)}/cwd`);
    } catch {
      continue;
    }
    const env = envOf(pid);
    if (kind.marked && !kind.marked(env)) continue;
    const dir = env.get('DATA_DIR') ?? './data';
    if (realDir(resolve(cwd, dir)) !== wanted) continue;
    const parentArgs = argsOf(ppid);
    const parentIsNode = parentArgs.some((arg) => /(^|\/)node$/.test(arg));
    found.push({ pid, start, parent: ppid, orphaned: ppid <= 1 || !parentIsNode });
  }
  return found;
}

/** The API processes serving `dataDir`. */
export const apisOfDataDir = (dataDir: string) => processesOfDataDir(API, dataDir);
/** The web servers a stack of `dataDir` started. */
export const sitesOfDataDir = (dataDir: string) => processesOfDataDir(SITE, dataDir);

/**
 * Before a start: the processes of `kind` an earlier start of this data folder left running
 * are stopped (SIGTERM, then SIGKILL), and said so; one that a start still running owns is a
 * refusal that says what to do, rather than 'address in use'.
 */
async function clearStale(
  kind: StoreProcessKind,
  dataDir: string,
  log: (line: string) => void,
): Promise<void> {
  const found = processesOfDataDir(kind, dataDir);
  const owned = found.find((left) => !left.orphaned);
  if (owned) {
    throw new Error(
      `Another start of this store is running on ${dataDir}: its ${kind.name} is process ${String(owned.pid)}, ` +
        `started by process ${String(owned.parent)}. Stop that one first (Ctrl-C in its terminal, ` +
        `or kill ${String(owned.parent)}), or give this one another DATA_DIR.`,
    );
  }
  if (found.length === 0) return;
  const pids = found.map((left) => String(left.pid)).join(', ');
  const left = await stopProcesses(found, { graceMs: 5000 });
  if (left.length > 0) {
    throw new Error(
      `The ${kind.name} left running by an earlier start (process ${pids}) did not stop. Stop it with kill -9 ${pids}, then start again.`,
    );
  }
  log(`Stopped the ${kind.name} an earlier start of this store left running (process ${pids}).`);
}

/** The API an earlier start of `dataDir` left running, stopped (see clearStale). */
export const clearStaleApis = (dataDir: string, log: (line: string) => void) =>
  clearStale(API, dataDir, log);
/** The web server an earlier start of `dataDir` left serving, stopped (see clearStale). */
export const clearStaleSites = (dataDir: string, log: (line: string) => void) =>
  clearStale(SITE, dataDir, log);
