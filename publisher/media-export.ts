import { existsSync } from 'node:fs';
import { storeConfig } from '../shared/store-config.ts';
import {
  openDatabase,
  type Database,
  databaseFile,
  exportMedia,
  mediaDir,
  mediaUrlsIn,
  type ExportCounts,
  parseSeedArgs,
  runSeedCli,
  type CliIo,
} from '../server/index.ts';

/**
 * Exports the store's media to <dataDir>/media: what the catalogue refers to and the banners
 * the store configuration names (which the database does not hold).
 * @example await exportStoreMedia(db, env.DATA_DIR)
 */
export function exportStoreMedia(db: Database, dataDir: string): Promise<ExportCounts> {
  return exportMedia(db, mediaDir(dataDir), { extraUrls: mediaUrlsIn(storeConfig) });
}

/** One line on what an export did, for the scripts' output. */
export function exportSummary(counts: ExportCounts, dir: string, milliseconds: number): string {
  const megabytes = (counts.bytes / 1_000_000).toFixed(1);
  const seconds = (milliseconds / 1000).toFixed(1);
  return `Exported media to ${dir}: ${counts.written} files written (${megabytes} MB), ${counts.skipped} already up to date, in ${seconds} s.`;
}

/** Exports and logs the summary; the database is opened for the export and closed after. */
async function exportAndLog(dataDir: string, log: (line: string) => void): Promise<void> {
  const db = openDatabase(databaseFile(dataDir));
  try {
    const started = performance.now();
    const counts = await exportStoreMedia(db, dataDir);
    log(exportSummary(counts, mediaDir(dataDir), performance.now() - started));
  } finally {
    db.close();
  }
}

/**
 * `npm run media:export`: exports the media of the database in `dataDir`. Returns the exit
 * code: 1, with nothing written, when there is no database yet (a new empty one would
 * export nothing but the banners, and hide the missing seed).
 */
export async function runMediaExportCli(
  dataDir: string,
  io: Pick<CliIo, 'log' | 'error'>,
): Promise<number> {
  const file = databaseFile(dataDir);
  if (!existsSync(file)) {
    io.error(`No database at ${file}: run npm run seed first.`);
    return 1;
  }
  await exportAndLog(dataDir, io.log);
  return 0;
}

/**
 * `npm run seed`: seeds or imports (server/seed/cli.ts), then exports the new catalogue's
 * media, so the web servers have the files of every product it holds. `--help`
 * and refused input export nothing.
 */
export async function runSeedAndExport(
  argv: readonly string[],
  io: Omit<CliIo, 'databaseFile'> & { dataDir: string },
): Promise<number> {
  const { dataDir, ...rest } = io;
  const code = runSeedCli(argv, { ...rest, databaseFile: databaseFile(dataDir) });
  // Exit code 0 means the command line parsed, so parsing it again cannot throw.
  if (code !== 0 || parseSeedArgs(argv, io.defaultProducts).kind === 'help') return code;
  await exportAndLog(dataDir, io.log);
  return 0;
}
