import { readdirSync, readFileSync } from 'node:fs';
import { constants } from 'node:os';

/** A process by its pid and start time: a pid alone may be given to a new process. */
export interface TreeMember {
  pid: number;
  /** Clock ticks after boot at which it started (/proc/<pid>/stat field 22). */
  start: string;
}

export interface ProcessEntry extends TreeMember {
  ppid: number;
  /** R, S, D, Z...: a zombie (Z) has ended and waits only for its parent to reap it. */
  state: string;
}

/**
 * Every process of /proc (Linux), with its parent, state and start time. tree-memory.ts reads
 * the same files for memory; it keeps neither state nor start time, which tell here whether a
 * process seen earlier still runs.
 */
export function processTable(): Map<number, ProcessEntry> {
  const table = new Map<number, ProcessEntry>();
  let names: string[];
  try {
    names = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return table;
  }
  for (const name of names) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${name}/stat`, 'utf8');
    } catch {
      continue;
    }
    // After the command's name (in parentheses, which it may itself hold): state (3), parent
    // (4), ..., start time (22).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const pid = Number(name);
    table.set(pid, {
      pid,
      ppid: Number(fields[1]),
      state: fields[0] ?? '',
      start: fields[19] ?? '',
    });
  }
  return table;
}

/** Every process under `root` now (children, their children...), `root` itself left out. */
export function processesUnder(root: number): TreeMember[] {
  const table = processTable();
  const children = new Map<number, number[]>();
  for (const { pid, ppid } of table.values())
    children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  const found: TreeMember[] = [];
  const queue = [...(children.get(root) ?? [])];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    const entry = table.get(pid);
    if (!entry) continue;
    found.push({ pid, start: entry.start });
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

/** Those of `members` that still run (neither gone, nor a new process under an old pid, nor a zombie). */
export function stillRunning(members: readonly TreeMember[]): TreeMember[] {
  const table = processTable();
  return members.filter((member) => {
    const entry = table.get(member.pid);
    return entry !== undefined && entry.start === member.start && entry.state !== 'Z';
  });
}

function signal(members: readonly TreeMember[], name: NodeJS.Signals): void {
  for (const { pid } of stillRunning(members)) {
    try {
      process.kill(pid, name);
    } catch {
      // Ended in between.
    }
  }
}

async function until(deadline: number, done: () => boolean): Promise<boolean> {
  while (!done()) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}

export interface StopTreeOptions {
  /** How long the processes have after the first signal before SIGKILL. */
  graceMs?: number;
}

/**
 * Sends `first` (SIGTERM; nginx's graceful SIGQUIT) to each of `members` still running, then
 * SIGKILL to those still running after `graceMs`. Resolves with those that could not be
 * stopped (none, normally).
 */
export async function stopProcesses(
  members: readonly TreeMember[],
  { graceMs = 5000, first = 'SIGTERM' }: StopTreeOptions & { first?: NodeJS.Signals } = {},
): Promise<TreeMember[]> {
  if (members.length === 0) return [];
  signal(members, first);
  if (await until(Date.now() + graceMs, () => stillRunning(members).length === 0)) return [];
  signal(members, 'SIGKILL');
  await until(Date.now() + 2000, () => stillRunning(members).length === 0);
  return stillRunning(members);
}

/**
 * Stops every process under `root` (stopProcesses). The tree is read before the first signal,
 * so a grandchild (what astro build or nginx started) is stopped even once its parent is gone
 * and it belongs to init.
 */
export const stopProcessesUnder = (root: number, options: StopTreeOptions = {}) =>
  stopProcesses(processesUnder(root), options);

/**
 * On SIGINT or SIGTERM, stops every process this one started, and what they started in turn
 * (the bench's API, a build and its helpers, nginx, load clients), then exits as the signal
 * would have (128 + its number). A bench stopped during its build used to stop its API but
 * leave `astro build` running until it finished. Linux: the tree is read from /proc.
 */
export function stopProcessTreeOnSignal(options: StopTreeOptions = {}): void {
  let stopping = false;
  for (const name of ['SIGINT', 'SIGTERM'] as const) {
    process.on(name, () => {
      // A second signal (Ctrl-C twice) does not cut the cleanup short: it is bounded anyway.
      if (stopping) return;
      stopping = true;
      // The code waiting on a stopped child fails now (the bench's build: 'astro build
      // failed'); that failure is the stop's doing and must not end the process with its
      // own exit code before the rest has stopped.
      process.on('uncaughtException', () => {});
      process.on('unhandledRejection', () => {});
      void stopProcessesUnder(process.pid, options).then((left) => {
        if (left.length > 0) {
          console.error(`Could not stop processes ${left.map(({ pid }) => pid).join(', ')}.`);
        }
        process.exit(128 + constants.signals[name]);
      });
    });
  }
}
