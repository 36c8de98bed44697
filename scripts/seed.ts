// `npm run seed -- --products N [--seed S]` or `npm run seed -- --import FILE.json`
// (issue 2, section 3). The work is in server/seed/cli.ts, where it is tested.
import { env } from '../src/lib/env.ts';
import { databaseFile } from '../server/main.ts';
import { runSeedCli } from '../server/seed/cli.ts';

process.exitCode = runSeedCli(process.argv.slice(2), {
  databaseFile: databaseFile(env.DATA_DIR),
  defaultProducts: env.SEED_PRODUCTS,
  log: (line) => console.log(line),
  error: (line) => console.error(line),
});
