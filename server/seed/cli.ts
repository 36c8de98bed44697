import { readFileSync } from 'node:fs';
import { openDatabase } from '../db/open.ts';
import { ImportError, importCatalogue } from './import.ts';
import { MAX_DEMO_PRODUCTS, seedDemo } from './index.ts';

/** What `npm run seed -- ...` was asked to do. */
export type SeedCommand =
  | { kind: 'demo'; products: number; seed: number }
  | { kind: 'import'; file: string }
  | { kind: 'help' };

/** A command line that cannot be understood; the CLI prints it with the usage (exit 2). */
export class UsageError extends Error {}

export const USAGE = `Usage:
  npm run seed -- --products N [--seed S]   replace the catalogue with N demo products
                                            (default from SEED_PRODUCTS; seed S, default 1)
  npm run seed -- --import FILE.json        load a catalogue file (docs/catalogue-format.md)
  npm run seed -- --help                    show this text`;

function wholeNumber(flag: string, raw: string | undefined, min: number, max: number): number {
  if (raw === undefined || !/^\d+$/.test(raw)) {
    throw new UsageError(`${flag} needs a whole number from ${min} to ${max}, got "${raw ?? ''}"`);
  }
  const value = Number(raw);
  if (value < min || value > max) {
    throw new UsageError(`${flag} needs a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

/**
 * Parses the seed command line (`--flag value` or `--flag=value`).
 * @example parseSeedArgs(['--products', '500', '--seed', '7'], 2000)
 *   // { kind: 'demo', products: 500, seed: 7 }
 */
export function parseSeedArgs(argv: readonly string[], defaultProducts: number): SeedCommand {
  const values = new Map<string, string | undefined>();
  for (let index = 0; index < argv.length; index += 1) {
    const arg = argv[index] ?? '';
    const match = /^--([a-z]+)(?:=(.*))?$/.exec(arg);
    if (!match?.[1]) throw new UsageError(`unexpected argument "${arg}"`);
    const flag = match[1];
    if (!['products', 'seed', 'import', 'help'].includes(flag)) {
      throw new UsageError(`unknown option --${flag}`);
    }
    if (values.has(flag)) throw new UsageError(`--${flag} is given twice`);
    if (flag === 'help') {
      values.set(flag, '');
      continue;
    }
    let value = match[2];
    if (value === undefined) {
      const next = argv[index + 1];
      if (next !== undefined && !next.startsWith('--')) {
        value = next;
        index += 1;
      }
    }
    values.set(flag, value);
  }
  if (values.has('help')) return { kind: 'help' };
  if (values.has('import')) {
    if (values.has('products') || values.has('seed')) {
      throw new UsageError('--import cannot be combined with --products or --seed');
    }
    const file = values.get('import');
    if (!file) throw new UsageError('--import needs a file name');
    return { kind: 'import', file };
  }
  return {
    kind: 'demo',
    products: values.has('products')
      ? wholeNumber('--products', values.get('products'), 1, MAX_DEMO_PRODUCTS)
      : defaultProducts,
    seed: values.has('seed') ? wholeNumber('--seed', values.get('seed'), 0, 0xffffffff) : 1,
  };
}

/** Where the CLI writes and which database it opens. */
export interface CliIo {
  databaseFile: string;
  defaultProducts: number;
  log: (line: string) => void;
  error: (line: string) => void;
}

/** Reads and parses a catalogue file; the message names the file and what is wrong. */
export function readCatalogueFile(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'ENOENT'
        ? `Cannot read ${file}: no such file`
        : `Cannot read ${file}: ${code ?? String(error)}`,
      { cause: error },
    );
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`${file} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
}

/**
 * Runs `npm run seed` with these arguments and returns the exit code: 0 done, 1 the data
 * was refused (nothing changed), 2 the command line was wrong.
 */
export function runSeedCli(argv: readonly string[], io: CliIo): number {
  let command: SeedCommand;
  try {
    command = parseSeedArgs(argv, io.defaultProducts);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.error(`Error: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (command.kind === 'help') {
    io.log(USAGE);
    return 0;
  }
  let data: unknown;
  if (command.kind === 'import') {
    try {
      data = readCatalogueFile(command.file);
    } catch (error) {
      io.error((error as Error).message);
      return 1;
    }
  }
  const db = openDatabase(io.databaseFile);
  try {
    const started = performance.now();
    if (command.kind === 'demo') {
      const done = seedDemo(db, { products: command.products, seed: command.seed });
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      io.log(
        `Seeded ${done.products} demo products in ${done.collections} collections (seed ${command.seed}) into ${io.databaseFile} in ${seconds} s.`,
      );
      return 0;
    }
    try {
      const done = importCatalogue(db, data);
      io.log(
        `Imported ${done.collections} collections and ${done.products} products from ${command.file} into ${io.databaseFile}.`,
      );
      return 0;
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      io.error(`${command.file}: ${error.message}`);
      for (const problem of error.problems) io.error(`  ${problem}`);
      return 1;
    }
  } finally {
    db.close();
  }
}
