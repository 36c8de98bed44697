import { Hono } from 'hono';
import { z } from 'zod';
import { handleSchema, urlSchema } from '../catalog/input.ts';
import type { Database } from '../db/open.ts';
import { HttpError } from '../http/errors.ts';
import { pathId } from '../http/input.ts';
import type { AdminEnv } from './admin-actor.ts';
import { adminErrors, readRecord, writeAs } from './admin-write.ts';

/**
 * The store's content through the merchandiser API (issue 33, item 12): articles, help
 * answers, the generic pages (About us, Terms) and questions, each with
 * GET /:id, POST / (201), PATCH /:id (only the fields sent) and DELETE /:id, mounted at
 * /api/admin/{articles,help-answers,pages,questions} behind the token. Each write leaves a
 * row in the change feed with who made it (migration 17), so it shows as pending on the
 * publish page and wakes watch mode. HTML bodies are stored as sent and sanitised by the
 * build's loaders, as products' descriptions are (DESIGN, build pipeline 3).
 *
 * Bodies are checked as the catalogue's are: 422 naming a field the kind does not have, 400
 * naming a value it refuses; a handle another record of the kind has is a 409.
 */

const text = (max: number) => z.string().max(max);
const title = z.string().trim().min(1).max(300);
const html = text(500_000);
const isoDate = z.iso.datetime({ offset: true });

/** One kind of content: its table, the fields of its input and their columns. */
interface ContentKind<S extends z.ZodObject> {
  /** The word in messages and the change feed's entity. */
  what: string;
  table: string;
  schema: S;
  /** Input field -> column; every field of `schema` has one. */
  columns: { [K in keyof z.output<S>]-?: string };
  /** The column the kind is unique on besides id, for a 409 that says which. */
  unique: { field: keyof z.output<S> & string; column: string };
}

const articleSchema = z.object({
  handle: handleSchema,
  title,
  summary: text(2000).default(''),
  bodyHtml: html.default(''),
  author: text(200).default(''),
  imageUrl: urlSchema.nullable().default(null),
  /** When it was published, as the blog orders it; now when not given. */
  publishedAt: isoDate.optional(),
});

const helpAnswerSchema = z.object({
  handle: handleSchema,
  title,
  bodyHtml: html.default(''),
  /** The help page's group ('Returns', 'Shipping'). */
  topic: text(200).default(''),
  position: z.number().int().min(0).max(1_000_000).default(0),
});

const pageSchema = z.object({
  handle: handleSchema,
  title,
  bodyHtml: html.default(''),
});

const questionSchema = z.object({
  /** The question's public number ('Q-1042'). */
  displayableId: z
    .string()
    .min(1)
    .max(40)
    .regex(/^[A-Za-z0-9-]+$/, 'must be letters, digits and dashes'),
  handle: handleSchema,
  title,
  body: text(20_000).default(''),
  answerHtml: html.default(''),
  askedBy: text(200).default(''),
  topicId: z.number().int().positive().nullable().default(null),
  productId: z.number().int().positive().nullable().default(null),
});

export const CONTENT_KINDS = {
  articles: {
    what: 'article',
    table: 'articles',
    schema: articleSchema,
    columns: {
      handle: 'handle',
      title: 'title',
      summary: 'summary',
      bodyHtml: 'body_html',
      author: 'author',
      imageUrl: 'image_url',
      publishedAt: 'published_at',
    },
    unique: { field: 'handle', column: 'handle' },
  } satisfies ContentKind<typeof articleSchema>,
  'help-answers': {
    what: 'help answer',
    table: 'help_answers',
    schema: helpAnswerSchema,
    columns: {
      handle: 'handle',
      title: 'title',
      bodyHtml: 'body_html',
      topic: 'topic',
      position: 'position',
    },
    unique: { field: 'handle', column: 'handle' },
  } satisfies ContentKind<typeof helpAnswerSchema>,
  pages: {
    what: 'page',
    table: 'pages',
    schema: pageSchema,
    columns: { handle: 'handle', title: 'title', bodyHtml: 'body_html' },
    unique: { field: 'handle', column: 'handle' },
  } satisfies ContentKind<typeof pageSchema>,
  questions: {
    what: 'question',
    table: 'questions',
    schema: questionSchema,
    columns: {
      displayableId: 'displayable_id',
      handle: 'handle',
      title: 'title',
      body: 'body',
      answerHtml: 'answer_html',
      askedBy: 'asked_by',
      topicId: 'topic_id',
      productId: 'product_id',
    },
    unique: { field: 'displayableId', column: 'displayable_id' },
  } satisfies ContentKind<typeof questionSchema>,
};

/** A row as the input format names its fields, with its id. */
function readRow<S extends z.ZodObject>(
  db: Database,
  kind: ContentKind<S>,
  id: number,
): Record<string, unknown> {
  const fields = Object.entries(kind.columns as Record<string, string>)
    .map(([field, column]) => `${column} AS "${field}"`)
    .join(', ');
  const row = db.prepare(`SELECT id, ${fields} FROM ${kind.table} WHERE id = ?`).get(id);
  if (!row) throw new HttpError(404, `The ${kind.what} was not found.`);
  return { ...row };
}

/** The routes of one kind of content. */
function contentRoutes<S extends z.ZodObject>(db: Database, kind: ContentKind<S>): Hono<AdminEnv> {
  const app = new Hono<AdminEnv>();
  app.onError(adminErrors);
  const columns = kind.columns as Record<string, string>;
  const idOf = (raw: string | undefined) => pathId(raw, kind.what);

  /** 409 when another record of the kind holds the unique value. */
  const checkUnique = (values: Record<string, unknown>, except: number) => {
    const value = values[kind.unique.field];
    if (typeof value !== 'string') return;
    const taken = db
      .prepare(`SELECT id FROM ${kind.table} WHERE ${kind.unique.column} = ? AND id != ?`)
      .get(value, except);
    if (taken) {
      throw new HttpError(
        409,
        `${kind.unique.field}: another ${kind.what} (${String((taken as { id: number }).id)}) has ${value}.`,
      );
    }
  };

  /** The fields given, as columns and values (an absent optional field is left out). */
  const assignments = (values: Record<string, unknown>) =>
    Object.entries(values)
      .filter(([, value]) => value !== undefined)
      .map(([field, value]) => [columns[field] ?? '', value] as const);

  app.get('/:id', (c) => c.json({ [keyOf(kind)]: readRow(db, kind, idOf(c.req.param('id'))) }));

  app.post('/', async (c) => {
    const values = (await readRecord(c, kind.schema)) as Record<string, unknown>;
    const id = writeAs(db, c.get('actor'), () => {
      checkUnique(values, 0);
      const pairs = assignments(values);
      const row = db
        .prepare(
          `INSERT INTO ${kind.table} (${pairs.map(([column]) => column).join(', ')})
           VALUES (${pairs.map(() => '?').join(', ')}) RETURNING id`,
        )
        .get(...(pairs.map(([, value]) => value) as (string | number | null)[])) as { id: number };
      return row.id;
    });
    return c.json({ [keyOf(kind)]: readRow(db, kind, id) }, 201);
  });

  const patchSchema = kind.schema.partial().strict();
  app.patch('/:id', async (c) => {
    const id = idOf(c.req.param('id'));
    const raw: Record<string, unknown> = await readRecord(c, z.record(z.string(), z.unknown()));
    // Only the fields sent: defaults of the create format do not reset the others.
    const checked = patchSchema.safeParse(raw);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
      throw new HttpError(
        issue?.code === 'unrecognized_keys' ? 422 : 400,
        `${where}${issue?.message ?? 'invalid'}`,
      );
    }
    const sent = Object.fromEntries(
      Object.entries(checked.data as Record<string, unknown>).filter(([field]) => field in raw),
    );
    writeAs(db, c.get('actor'), () => {
      readRow(db, kind, id);
      checkUnique(sent, id);
      const pairs = assignments(sent);
      if (pairs.length === 0) return;
      db.prepare(
        `UPDATE ${kind.table} SET ${pairs.map(([column]) => `${column} = ?`).join(', ')} WHERE id = ?`,
      ).run(...(pairs.map(([, value]) => value) as (string | number | null)[]), id);
    });
    return c.json({ [keyOf(kind)]: readRow(db, kind, id) });
  });

  app.delete('/:id', (c) => {
    const id = idOf(c.req.param('id'));
    writeAs(db, c.get('actor'), () => {
      readRow(db, kind, id);
      db.prepare(`DELETE FROM ${kind.table} WHERE id = ?`).run(id);
    });
    return c.json({ success: true });
  });

  return app;
}

/** The reply's key for a record of the kind: 'article', 'helpAnswer', 'page', 'question'. */
const keyOf = (kind: { what: string }) =>
  kind.what.replace(/ (\w)/g, (_, letter: string) => letter.toUpperCase());

/** Every kind's routes, by the path it is mounted at under /api/admin. */
export function adminContentRoutes({ db }: { db: Database }): [string, Hono<AdminEnv>][] {
  return Object.entries(CONTENT_KINDS).map(([path, kind]) => [
    `/${path}`,
    contentRoutes(db, kind as ContentKind<z.ZodObject>),
  ]);
}
