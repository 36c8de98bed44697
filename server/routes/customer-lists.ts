import { Hono, type Context } from 'hono';
import { z } from 'zod';
import {
  LIST_LINES_MAX,
  listNameKey,
  LISTS_MAX,
  LIST_NAME_MAX,
  mergeLines,
  readListLine,
  readListLines,
  readListName,
  type ListLine,
  type ListSummary,
  type PartList,
} from '../../shared/parts/part-list.ts';
import { requireCustomerId, sameOriginJson } from '../accounts/guard.ts';
import { transaction, type Database } from '../db/open.ts';
import type { Deps } from '../deps.ts';
import { HttpError } from '../http/errors.ts';
import { pathId, readJson } from '../http/input.ts';

/** A line as the browser reads one (shared/parts/part-list.ts readListLine), or an issue. */
const listLine = z.unknown().transform((raw, context): ListLine => {
  const line = readListLine(raw);
  if (line) return line;
  context.addIssue({
    code: 'custom',
    message:
      'must be a line: a part number (1 to 100 characters, with a letter or digit), a whole quantity from 1 to 9999, and optional product and variant ids',
  });
  return z.NEVER;
});

const listName = z.unknown().transform((raw, context): string => {
  const name = readListName(raw);
  if (name !== undefined) return name;
  context.addIssue({ code: 'custom', message: `must be 1 to ${LIST_NAME_MAX} characters` });
  return z.NEVER;
});

const lines = z.array(listLine).max(LIST_LINES_MAX);

const createBody = z.object({ name: listName, lines: lines.optional() }).strict();
const changeBody = z
  .object({ name: listName.optional(), lines: lines.optional() })
  .strict()
  .refine((body) => body.name !== undefined || body.lines !== undefined, {
    message: 'say what changes: name, lines, or both',
  });
const addBody = z.object({ lines: lines.min(1) }).strict();

interface ListRow {
  id: number;
  name: string;
  lines: string;
  updated_at: string;
}

const parseLines = (stored: string): ListLine[] => {
  try {
    return readListLines(JSON.parse(stored));
  } catch {
    return [];
  }
};

const toList = (row: ListRow): PartList => ({
  id: row.id,
  name: row.name,
  updatedAt: row.updated_at,
  lines: parseLines(row.lines),
});

/** The customer's list `id`, or a 404 (another customer's list is not there for them). */
function ownList(db: Database, customerId: number, id: number): ListRow {
  const row = db
    .prepare(
      'SELECT id, name, lines, updated_at FROM customer_part_lists WHERE id = ? AND customer_id = ?',
    )
    .get(id, customerId) as unknown as ListRow | undefined;
  if (!row) throw new HttpError(404, 'The list was not found.');
  return row;
}

/** The list's lines after an add: past LIST_LINES_MAX the call is refused, nothing half-saved. */
function withinLimit(merged: { lines: ListLine[]; leftOut: number }): ListLine[] {
  if (merged.leftOut > 0) {
    throw new HttpError(
      409,
      `A list holds at most ${String(LIST_LINES_MAX)} lines; ${String(merged.leftOut)} would not fit.`,
    );
  }
  return merged.lines;
}

/** A 409 when another of the customer's lists (not `except`) has the name in any case. */
function checkNameFree(db: Database, customerId: number, name: string, except = 0): void {
  const taken = db
    .prepare('SELECT 1 FROM customer_part_lists WHERE customer_id = ? AND name_key = ? AND id != ?')
    .get(customerId, listNameKey(name), except);
  if (taken) {
    throw new HttpError(409, `You have a list called ‘${name}’ already. Choose another name.`);
  }
}

/**
 * A signed-in customer's saved lists (issue 32, item 9; ours, the spec has no such call):
 * - GET /api/customer/lists -> `{ lists: [{ id, name, lineCount, updatedAt }] }`, the last
 *   changed first;
 * - POST /api/customer/lists `{ name, lines? }` -> 201 `{ list }`; 409 when the name is taken
 *   (in any case) or the account has LISTS_MAX lists;
 * - GET /api/customer/lists/:id -> `{ list: { id, name, updatedAt, lines } }`;
 * - PATCH /api/customer/lists/:id `{ name?, lines? }` renames it or replaces its lines;
 * - POST /api/customer/lists/:id/lines `{ lines }` adds lines, a number already there adding
 *   its quantity (shared/parts/part-list.ts mergeLines), in one statement, so two tabs adding
 *   at once both count; 409 past LIST_LINES_MAX lines, nothing added;
 * - DELETE /api/customer/lists/:id -> 204.
 * All need the session (401); another customer's list is a 404, never a 403, so ids tell a
 * stranger nothing. Changes need the store's own origin and JSON (guard.ts).
 */
export function customerListRoutes(deps: Deps): Hono {
  const { db } = deps;
  const app = new Hono();
  app.use('*', sameOriginJson());
  app.use('*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'no-store');
  });

  const summaries = (customerId: number): ListSummary[] =>
    (
      db
        .prepare(
          `SELECT id, name, json_array_length(lines) AS line_count, updated_at
           FROM customer_part_lists WHERE customer_id = ? ORDER BY updated_at DESC, id DESC`,
        )
        .all(customerId) as { id: number; name: string; line_count: number; updated_at: string }[]
    ).map((row) => ({
      id: row.id,
      name: row.name,
      lineCount: row.line_count,
      updatedAt: row.updated_at,
    }));

  app.get('/', (c) => c.json({ lists: summaries(requireCustomerId(deps, c)) }));

  app.post('/', async (c) => {
    const customerId = requireCustomerId(deps, c);
    const body = await readJson(c, createBody);
    const created = transaction(db, () => {
      checkNameFree(db, customerId, body.name);
      const { count } = db
        .prepare('SELECT count(*) AS count FROM customer_part_lists WHERE customer_id = ?')
        .get(customerId) as { count: number };
      if (count >= LISTS_MAX) {
        throw new HttpError(
          409,
          `You have ${String(LISTS_MAX)} lists, the most an account keeps. Delete one first.`,
        );
      }
      return db
        .prepare(
          `INSERT INTO customer_part_lists (customer_id, name, name_key, lines, updated_at)
           VALUES (?, ?, ?, ?, ?) RETURNING id, name, lines, updated_at`,
        )
        .get(
          customerId,
          body.name,
          listNameKey(body.name),
          JSON.stringify(withinLimit(mergeLines([], body.lines ?? []))),
          new Date(deps.now()).toISOString(),
        ) as unknown as ListRow;
    });
    return c.json({ list: toList(created) }, 201);
  });

  const listId = (c: Context) => pathId(c.req.param('id'), 'list');

  app.get('/:id', (c) => {
    const customerId = requireCustomerId(deps, c);
    return c.json({ list: toList(ownList(db, customerId, listId(c))) });
  });

  app.patch('/:id', async (c) => {
    const customerId = requireCustomerId(deps, c);
    const id = listId(c);
    const body = await readJson(c, changeBody);
    const changed = transaction(db, () => {
      const row = ownList(db, customerId, id);
      const name = body.name ?? row.name;
      checkNameFree(db, customerId, name, id);
      const kept = body.lines ? withinLimit(mergeLines([], body.lines)) : parseLines(row.lines);
      return db
        .prepare(
          `UPDATE customer_part_lists SET name = ?, name_key = ?, lines = ?, updated_at = ?
           WHERE id = ? RETURNING id, name, lines, updated_at`,
        )
        .get(
          name,
          listNameKey(name),
          JSON.stringify(kept),
          new Date(deps.now()).toISOString(),
          id,
        ) as unknown as ListRow;
    });
    return c.json({ list: toList(changed) });
  });

  app.post('/:id/lines', async (c) => {
    const customerId = requireCustomerId(deps, c);
    const id = listId(c);
    const body = await readJson(c, addBody);
    const added = transaction(db, () => {
      const row = ownList(db, customerId, id);
      const merged = withinLimit(mergeLines(parseLines(row.lines), body.lines));
      return db
        .prepare(
          `UPDATE customer_part_lists SET lines = ?, updated_at = ?
           WHERE id = ? RETURNING id, name, lines, updated_at`,
        )
        .get(JSON.stringify(merged), new Date(deps.now()).toISOString(), id) as unknown as ListRow;
    });
    return c.json({ list: toList(added) });
  });

  app.delete('/:id', (c) => {
    const customerId = requireCustomerId(deps, c);
    const { changes } = db
      .prepare('DELETE FROM customer_part_lists WHERE id = ? AND customer_id = ?')
      .run(listId(c), customerId);
    if (changes === 0) throw new HttpError(404, 'The list was not found.');
    return c.body(null, 204);
  });

  return app;
}
