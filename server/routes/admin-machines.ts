import { Hono } from 'hono';
import type { Database } from '../db/open.ts';
import { importFitment } from '../machines/import.ts';
import { HttpError } from '../http/errors.ts';
import { pathId } from '../http/input.ts';
import {
  checkFitmentRows,
  fitmentInputSchema,
  modelInputSchema,
  modelPatchSchema,
  ModelWriteError,
  readFitmentInput,
  readModel,
  serialFormatSchema,
  writeFitment,
  writeModel,
  writeSerialFormat,
  type ModelInput,
} from '../machines/write.ts';
import type { AdminEnv } from './admin-actor.ts';
import { adminErrors, FieldErrors, readRecord, writeAs } from './admin-write.ts';

/** The source a fitment import's rows are labelled with when the call names none. */
const DEFAULT_IMPORT_SOURCE = 'csv import';

const modelNotFound = () => new HttpError(404, 'The machine model was not found.');

/** A model write's refusal, naming its field, as the product routes name theirs. */
function asFieldError(error: unknown): unknown {
  return error instanceof ModelWriteError
    ? new FieldErrors(422, [{ path: error.field, message: error.message }])
    : error;
}

/**
 * The merchandiser's machines, mounted at /api/admin/machines behind the token (issue 31):
 * - GET /models/:id -> the model in the input format of POST and PUT (with its id)
 * - POST /models -> 201 `{ model: { id, handle } }`; PUT /models/:id replaces it; PATCH
 *   /models/:id changes the fields sent and answers the model; DELETE /models/:id deletes it
 *   with its fitment rows (their products' pages change with it)
 * - PUT /serial-formats/:brand `{ pattern, example }`: how the brand writes serials
 * - POST /fitment-import?dryRun=true&source=… with a CSV body (text/csv, at most 4 MB):
 *   the report of server/machines/import.ts; without dryRun the rows are written when no
 *   row has a problem, else 422 with the report and nothing written
 */
export function adminMachineRoutes({ db }: { db: Database }): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  app.onError(adminErrors);
  const read = (id: number) => {
    const model = readModel(db, id);
    if (!model) throw modelNotFound();
    return model;
  };
  const save = (actor: string, input: ModelInput, id?: number) =>
    writeAs(db, actor, () => {
      if (id !== undefined) read(id);
      try {
        return writeModel(db, input, id);
      } catch (error) {
        throw asFieldError(error);
      }
    });

  app.get('/models/:id', (c) => c.json(read(pathId(c.req.param('id'), 'machine model'))));
  app.post('/models', async (c) => {
    const input = await readRecord(c, modelInputSchema);
    const id = save(c.get('actor'), input);
    return c.json({ model: { id, handle: read(id).handle } }, 201);
  });
  app.put('/models/:id', async (c) => {
    const id = pathId(c.req.param('id'), 'machine model');
    const input = await readRecord(c, modelInputSchema);
    save(c.get('actor'), input, id);
    return c.json({ model: { id, handle: read(id).handle } });
  });
  app.patch('/models/:id', async (c) => {
    const id = pathId(c.req.param('id'), 'machine model');
    const patch = await readRecord(c, modelPatchSchema);
    const { id: _id, ...current } = read(id);
    const sent = Object.entries(patch).filter(([, value]) => value !== undefined);
    const merged: ModelInput = { ...current, ...Object.fromEntries(sent) };
    // A patch that changes nothing writes nothing: the change feed stays quiet.
    if (JSON.stringify(merged) !== JSON.stringify(current)) save(c.get('actor'), merged, id);
    return c.json(read(id));
  });
  app.delete('/models/:id', (c) => {
    const id = pathId(c.req.param('id'), 'machine model');
    writeAs(db, c.get('actor'), () => {
      read(id);
      db.prepare('DELETE FROM machine_models WHERE id = ?').run(id);
    });
    return c.json({ success: true });
  });
  app.put('/serial-formats/:brand', async (c) => {
    const brand = c.req.param('brand').trim();
    if (brand === '' || brand.length > 100) throw new HttpError(404, 'No such brand.');
    const format = await readRecord(c, serialFormatSchema);
    writeAs(db, c.get('actor'), () => writeSerialFormat(db, brand, format));
    return c.json({ serialFormat: { brand, ...format } });
  });
  app.post('/fitment-import', async (c) => {
    if (!/^text\/csv\b/i.test(c.req.header('content-type') ?? '')) {
      throw new HttpError(415, 'Send the file as CSV (Content-Type: text/csv).');
    }
    const csv = await c.req.text();
    const dryRun = ['true', '1'].includes(c.req.query('dryRun')?.toLowerCase() ?? '');
    const source = c.req.query('source')?.trim().slice(0, 200) || DEFAULT_IMPORT_SOURCE;
    const report = writeAs(db, c.get('actor'), () => importFitment(db, csv, { dryRun, source }));
    return c.json(report, !dryRun && report.problemCount > 0 ? 422 : 200);
  });
  return app;
}

/**
 * A product's fitment, mounted on /api/admin/products (issue 31):
 * - GET /:id/fitment -> `{ universal, rows: [{ model: 'crown/pth50', serialFrom, serialTo,
 *   position, quantity, note, source }] }`
 * - PUT /:id/fitment replaces it whole; PATCH /:id/fitment changes what it sends (`rows`
 *   replaces the list). Every row is checked first (server/machines/write.ts,
 *   checkFitmentRows): one bad row refuses the write, naming each, and nothing changes.
 */
export function adminFitmentRoutes({ db }: { db: Database }): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  app.onError(adminErrors);
  const productExists = db.prepare('SELECT 1 FROM products WHERE id = ?');
  const current = (id: number) => {
    if (!productExists.get(id)) throw new HttpError(404, 'The product was not found.');
    return readFitmentInput(db, id);
  };
  const put = (whole: boolean) => async (c: import('hono').Context<AdminEnv>) => {
    const id = pathId(c.req.param('id'), 'product');
    const input = await readRecord(c, fitmentInputSchema);
    const saved = writeAs(db, c.get('actor'), () => {
      const before = current(id);
      const next = {
        universal: input.universal ?? (whole ? false : before.universal),
        rows: input.rows ?? (whole ? [] : before.rows),
      };
      const checked = checkFitmentRows(db, next.rows);
      if (!checked.ok) throw new FieldErrors(422, checked.issues);
      writeFitment(db, id, next.universal, checked.rows);
      return current(id);
    });
    return c.json(saved);
  };
  app.get('/:id/fitment', (c) => c.json(current(pathId(c.req.param('id'), 'product'))));
  app.put('/:id/fitment', put(true));
  app.patch('/:id/fitment', put(false));
  return app;
}
