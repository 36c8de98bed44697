// `npm run media:export`: writes the demo's pictures, manuals and models to <DATA_DIR>/media,
// where the web servers answer /api/media/ from while the API is down. The work is
// in publisher/media-export.ts, where it is tested.
import { env } from '../shared/env.ts';
import { runMediaExportCli } from '../publisher/media-export.ts';

process.exitCode = await runMediaExportCli(env.DATA_DIR, {
  log: (line) => console.log(line),
  error: (line) => console.error(line),
});
