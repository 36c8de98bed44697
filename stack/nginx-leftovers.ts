import { readFileSync, readlinkSync, realpathSync } from 'node:fs';
import { processTable, stopProcesses, type TreeMember } from './process-tree.ts';

const cmdline = (pid: number): string => {
  try {
    return readFileSync(`/proc/${String(pid)}/cmdline`, 'utf8');
  } catch {
    return '';
  }
};

const cwd = (pid: number): string | undefined => {
  try {
    return readlinkSync(`/proc/${String(pid)}/cwd`);
  } catch {
    return undefined;
  }
};

/**
 * nginx processes started in `runDir` whose master is gone. A master killed with SIGKILL
 * leaves its workers running: they keep serving the old configuration and hold the port, so
 * a new master could not listen. startNginx runs nginx in its run directory, which nginx
 * never leaves and its workers inherit: that tells them from any other nginx on the machine.
 * Linux only (/proc).
 */
export function leftoverWorkers(runDir: string): TreeMember[] {
  let dir: string;
  try {
    dir = realpathSync(runDir);
  } catch {
    return [];
  }
  const table = processTable();
  return [...table.values()]
    .filter(
      ({ pid, ppid }) =>
        cmdline(pid).startsWith('nginx: ') &&
        !cmdline(pid).startsWith('nginx: master') &&
        !cmdline(ppid).startsWith('nginx: master') &&
        cwd(pid) === dir,
    )
    .map(({ pid, start }) => ({ pid, start }));
}

/**
 * Stops the workers a dead master left in `runDir`: SIGQUIT lets each finish the requests it
 * is answering; SIGKILL after `graceMs` (an open websocket would hold one for minutes).
 * Resolves with how many there were.
 */
export async function stopLeftoverWorkers(runDir: string, graceMs = 3000): Promise<number> {
  const workers = leftoverWorkers(runDir);
  await stopProcesses(workers, { graceMs, first: 'SIGQUIT' });
  return workers.length;
}
