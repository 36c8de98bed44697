import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { getPriority, setPriority } from 'node:os';
import { basename } from 'node:path';

/**
 * Issue 33, item 7: a publish never takes the shopper's time. Its processes and its renderer's
 * thread run at this nice value, below the web server and the API (0): on a busy machine the
 * scheduler gives the cores to a shopper's request first, and the publish takes what is left.
 */
export const PUBLISH_NICE = 10;

/**
 * Lowers one process, or on Linux one thread (a thread's nice value is its own there), to
 * PUBLISH_NICE; one that runs lower already stays there. Its children started later inherit
 * it. A system that refuses leaves it as it is: a publish at the same priority is slower for
 * shoppers, not wrong.
 */
export function lowerPriority(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    if (getPriority(pid) < PUBLISH_NICE) setPriority(pid, PUBLISH_NICE);
  } catch {
    // Gone already, or not allowed: nothing to lower.
  }
}

/**
 * Lowers the calling thread (the warm renderer's worker): on Linux its id is the last part of
 * /proc/thread-self. Elsewhere a thread cannot be told apart from its process, which serves the
 * site too, so nothing is lowered.
 */
export function lowerThisThread(): void {
  let thread: number;
  try {
    thread = Number(basename(readlinkSync('/proc/thread-self')));
  } catch {
    return;
  }
  if (Number.isInteger(thread) && thread > 0) lowerPriority(thread);
}

/**
 * Lowers this process's children whose command is `name` (Linux): for a child a library
 * starts without telling its pid (Pagefind's indexing service). /proc/<pid>/stat holds both
 * the command, in parentheses (cut to 15 characters), and the parent.
 */
export function lowerChildrenNamed(name: string): void {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return;
  }
  for (const pid of pids) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    const command = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    if (parent === process.pid && (command === name || command.startsWith(`${name}_`)))
      lowerPriority(Number(pid));
  }
}
