// `npm run seed -- --products N [--seed S]` or `npm run seed -- --import FILE.json`
//, then the media export of the new catalogue. The work is in
// server/seed/cli.ts and publisher/media-export.ts, where it is tested.
import { env } from '../shared/env.ts';
import { runSeedAndExport } from '../publisher/media-export.ts';

process.exitCode = await runSeedAndExport(process.argv.slice(2), {
  dataDir: env.DATA_DIR,
  defaultProducts: env.SEED_PRODUCTS,
  log: (line) => console.log(line),
  error: (line) => console.error(line),
});
