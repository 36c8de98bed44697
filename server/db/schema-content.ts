/**
 * Tables and indexes of the content area, added to the base schema (schema.ts) by openDatabase.
 * Statements must be idempotent (IF NOT EXISTS).
 *
 * The content tables themselves live in schema.ts; these indexes serve the orders the content
 * lists are read in (server/routes/content-*.ts).
 */
export const contentSchemaSql = /* sql */ `
CREATE INDEX IF NOT EXISTS articles_published ON articles(published_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS help_answers_order ON help_answers(topic, position, id);
CREATE INDEX IF NOT EXISTS questions_created ON questions(created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS site_reviews_created ON site_reviews(created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS countries_order ON countries(position, title);
`;
