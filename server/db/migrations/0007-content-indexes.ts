import type { Migration } from '../database.ts';

/**
 * Version 7: the content area's indexes. The content tables themselves are version 1's; these
 * indexes serve the orders the content lists are read in (server/routes/content-*.ts).
 *
 * Versions 1 to 4 ran this on every open whatever the recorded version, and its tables and
 * indexes arrived while the version stood still, so a database of any of them may have all,
 * some or none of it: hence IF NOT EXISTS.
 */
const sql = /* sql */ `
CREATE INDEX IF NOT EXISTS articles_published ON articles(published_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS help_answers_order ON help_answers(topic, position, id);
CREATE INDEX IF NOT EXISTS questions_created ON questions(created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS site_reviews_created ON site_reviews(created_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS countries_order ON countries(position, title);
`;

export const contentIndexes: Migration = {
  version: 7,
  up(db) {
    db.exec(sql);
  },
};
