import { readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { processTable, stopProcesses, type TreeMember } from './process-tree.ts';

/**
 * API processes of one data folder left by an earlier start (issue 33, item 10). A store whose
 * start was killed (SIGKILL, a closed terminal) leaves its API process running: it holds the
 * API port and the database, and the next `npm start` failed with 'address in use' until
 * someone found and killed it by hand. An API process is the store's when it runs
 * server/main.ts with DATA_DIR naming the same folder; it is left over when its parent is
 * gone (it then belongs to init, or is no longer a child of a node process). Linux (/proc);
 * elsewhere none is found and the port's own error stands.
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

/** An API process of the data folder, and whether the start that made it is gone. */
export interface DataDirApi extends TreeMember {
  parent: number;
  /** Its parent is gone: nobody will stop it. */
  orphaned: boolean;
}

/** The API processes (other than this process's own children's) serving `dataDir`. */
export function apisOfDataDir(dataDir: string): DataDirApi[] {
  const wanted = realDir(dataDir);
  if (!wanted) return [];
  const table = processTable();
  const found: DataDirApi[] = [];
  for (const { pid, ppid, start } of table.values()) {
    if (pid === process.pid) continue;
    const args = argsOf(pid);
    if (!args.some((arg) => arg === 'server/main.ts' || arg.endsWith('/server/main.ts'))) continue;
    let cwd: string;
    try {
      cwd = readlinkSync(`/proc/${String(pid)}/cwd`);
    } catch {
      continue;
    }
    const dir = envOf(pid).get('DATA_DIR') ?? './data';
    if (realDir(resolve(cwd, dir)) !== wanted) continue;
    const parentArgs = argsOf(ppid);
    const parentIsNode = parentArgs.some((arg) => /(^|\/)node$/.test(arg));
    found.push({ pid, start, parent: ppid, orphaned: ppid <= 1 || !parentIsNode });
  }
  return found;
}

/**
 * Before a start: an API process an earlier start of this data folder left running is stopped
 * (SIGTERM, then SIGKILL), and said so; one that a start still running owns is a refusal that
 * says what to do, rather than 'address in use'.
 */
export async function clearStaleApis(dataDir: string, log: (line: string) => void): Promise<void> {
  const found = apisOfDataDir(dataDir);
  const owned = found.find((api) => !api.orphaned);
  if (owned) {
    throw new Error(
      `Another start of this store is running on ${dataDir}: its API is process ${String(owned.pid)}, ` +
        `started by process ${String(owned.parent)}. Stop that one first (Ctrl-C in its terminal, ` +
        `or kill ${String(owned.parent)}), or give this one another DATA_DIR.`,
    );
  }
  if (found.length === 0) return;
  const pids = found.map((api) => String(api.pid)).join(', ');
  const left = await stopProcesses(found, { graceMs: 5000 });
  if (left.length > 0) {
    throw new Error(
      `The API left running by an earlier start (process ${pids}) did not stop. Stop it with kill -9 ${pids}, then start again.`,
    );
  }
  log(`Stopped the API an earlier start of this store left running (process ${pids}).`);
}
