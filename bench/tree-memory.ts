import { readdirSync, readFileSync } from 'node:fs';

/** One process of a sampled tree. */
export interface ProcessMemory {
  pid: number;
  /** The command's name as the kernel has it (`node`, `pagefind_extended`...). */
  name: string;
  rssBytes: number;
}

/** What /proc says of one process. */
export interface ProcessStat {
  ppid: number;
  name: string;
  rssBytes: number;
  /** User and system time of all its threads so far. */
  cpuSeconds: number;
}

export interface TreeMemoryReport {
  /** The highest sum of resident memory over the tree's processes (threads are in theirs). */
  peakBytes: number;
  /** The processes at that moment. */
  atPeak: ProcessMemory[];
  /** The highest resident memory each process reached, by pid, whenever it was. */
  peakByProcess: ProcessMemory[];
  /**
   * CPU time of the tree's processes while sampled: each one's last reading less its reading
   * at the first sample, or all of it for a process born since (a process that ends between
   * two samples loses the time since the last one).
   */
  cpuSeconds: number;
  samples: number;
}

export interface TreeMemorySampler {
  /** Takes a reading now, besides those of the timer. */
  sample(): void;
  /** The figures so far; the sampling goes on. */
  report(): TreeMemoryReport;
  /** Takes a last sample, stops and gives the figures. */
  stop(): TreeMemoryReport;
}

/** The processes of /proc by pid (Linux only). */
export type ProcessTable = () => Map<number, ProcessStat>;

const PAGE_BYTES = 4096;
/** USER_HZ: /proc counts CPU time in hundredths of a second on Linux. */
const CLOCK_TICKS = 100;

/** Reads /proc/<pid>/stat of every process; one that ends meanwhile is left out. */
export const procTable: ProcessTable = () => {
  const table = new Map<number, ProcessStat>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    const parsed = parseStat(stat);
    if (parsed) table.set(Number(entry), parsed);
  }
  return table;
};

/**
 * One /proc/<pid>/stat line (proc(5)): the name is in parentheses and may itself hold spaces
 * and parentheses; after it come the state (field 3), the parent (4), utime and stime (14,
 * 15) and the resident pages (24).
 */
export function parseStat(stat: string): ProcessStat | undefined {
  const open = stat.indexOf('(');
  const close = stat.lastIndexOf(')');
  if (open < 0 || close < open) return undefined;
  const rest = stat
    .slice(close + 1)
    .trim()
    .split(/\s+/);
  const field = (n: number) => Number(rest[n - 3]);
  const ppid = field(4);
  const rssPages = field(24);
  const ticks = field(14) + field(15);
  if (![ppid, rssPages, ticks].every(Number.isFinite)) return undefined;
  return {
    ppid,
    name: stat.slice(open + 1, close),
    rssBytes: rssPages * PAGE_BYTES,
    cpuSeconds: ticks / CLOCK_TICKS,
  };
}

/** `root` and every process under it, from one reading of the table. */
export function treeOf(
  root: number,
  table: ReadonlyMap<number, ProcessStat>,
): (ProcessStat & { pid: number })[] {
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of table) {
    const list = children.get(ppid) ?? [];
    list.push(pid);
    children.set(ppid, list);
  }
  const found: (ProcessStat & { pid: number })[] = [];
  const queue = [root];
  for (let pid = queue.shift(); pid !== undefined; pid = queue.shift()) {
    const process = table.get(pid);
    if (!process) continue;
    found.push({ pid, ...process });
    queue.push(...(children.get(pid) ?? []));
  }
  return found;
}

/**
 * Samples the resident memory of a process tree every `intervalMs` and keeps the highest total
 * (the bench's peak memory of the build). A worker thread's memory is in its
 * process's RSS, so the tree's processes are all there is to add up. `exclude` leaves out
 * processes that are not the build's (the bench's API server, say).
 */
export function sampleTreeMemory(
  root: number,
  {
    intervalMs = 250,
    exclude = () => false,
    table = procTable,
  }: {
    intervalMs?: number;
    exclude?: (process: ProcessMemory) => boolean;
    table?: ProcessTable;
  } = {},
): TreeMemorySampler {
  let peakBytes = 0;
  let atPeak: ProcessMemory[] = [];
  let samples = 0;
  const peakByProcess = new Map<number, ProcessMemory>();
  const cpu = new Map<number, { first: number; last: number }>();
  const sample = () => {
    const processes = treeOf(root, table()).filter((process) => !exclude(process));
    const total = processes.reduce((sum, process) => sum + process.rssBytes, 0);
    samples += 1;
    if (total > peakBytes) {
      peakBytes = total;
      atPeak = processes.map(({ pid, name, rssBytes }) => ({ pid, name, rssBytes }));
    }
    for (const { pid, name, rssBytes, cpuSeconds } of processes) {
      const before = peakByProcess.get(pid);
      if (!before || rssBytes > before.rssBytes) peakByProcess.set(pid, { pid, name, rssBytes });
      const times = cpu.get(pid);
      if (times) times.last = cpuSeconds;
      // A process there from the start counts from then; one born later, from its birth.
      else cpu.set(pid, { first: samples === 1 ? cpuSeconds : 0, last: cpuSeconds });
    }
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  timer.unref();
  const report = (): TreeMemoryReport => ({
    peakBytes,
    atPeak,
    peakByProcess: [...peakByProcess.values()].sort((a, b) => b.rssBytes - a.rssBytes),
    cpuSeconds: [...cpu.values()].reduce((sum, { first, last }) => sum + last - first, 0),
    samples,
  });
  return {
    sample,
    report,
    stop() {
      clearInterval(timer);
      sample();
      return report();
    },
  };
}
