import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { PublishRecord } from './types.ts';

/** Publishes remembered in history.json; older ones drop off. */
export const HISTORY_LIMIT = 200;

/**
 * The publish history, newest first, kept in memory and written to a JSON file after every
 * change of state (written beside and renamed, so a crash never leaves half a file).
 */
export class PublishHistory {
  readonly #file: string;
  #records: PublishRecord[];
  #writing: Promise<void> = Promise.resolve();

  private constructor(file: string, records: PublishRecord[]) {
    this.#file = file;
    this.#records = records;
  }

  /**
   * Reads the history; publishes a stopped process left queued or running are marked failed,
   * since nothing will finish them.
   */
  static async load(file: string): Promise<PublishHistory> {
    let records: PublishRecord[] = [];
    try {
      const parsed: unknown = JSON.parse(await readFile(file, 'utf8'));
      if (Array.isArray(parsed)) records = parsed as PublishRecord[];
    } catch {
      // No history yet, or an unreadable one: start afresh rather than refuse to publish.
    }
    const history = new PublishHistory(file, records);
    let interrupted = false;
    for (const record of records) {
      if (record.state !== 'queued' && record.state !== 'running') continue;
      record.state = 'failed';
      record.error = 'Interrupted: the publisher stopped before it finished.';
      record.finishedAt ??= new Date().toISOString();
      interrupted = true;
    }
    if (interrupted) await history.save();
    return history;
  }

  list(): readonly PublishRecord[] {
    return this.#records;
  }

  get(id: string): PublishRecord | undefined {
    return this.#records.find((record) => record.id === id);
  }

  add(record: PublishRecord): void {
    this.#records.unshift(record);
    this.#records.length = Math.min(this.#records.length, HISTORY_LIMIT);
  }

  /** Writes the file; writes queue behind each other so the last state always lands last. */
  save(): Promise<void> {
    const text = `${JSON.stringify(this.#records, null, 2)}\n`;
    this.#writing = this.#writing.then(async () => {
      await mkdir(dirname(this.#file), { recursive: true });
      const temporary = `${this.#file}.${String(process.pid)}.tmp`;
      await writeFile(temporary, text);
      await rename(temporary, this.#file);
    });
    return this.#writing;
  }
}
