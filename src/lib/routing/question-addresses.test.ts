import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../server/db/open.ts';
import { writeContent } from '../../../server/seed/content.ts';
import { questionPath } from '../content/questions.ts';
import {
  parseQuestionRedirects,
  questionAddresses,
  questionRedirect,
  questionRedirectsJson,
} from './question-redirects.ts';

/**
 * Addresses of the demo's questions in earlier releases of the default store: before they
 * were written for the product they sit on (every question a template, whatever the seed),
 * and the three that differed in the release after it. Issue 29 found the first a 404.
 */
const PUBLISHED_QUESTION_ADDRESSES = [
  '/questions/Q10001/will-this-fit-a-crown-pth50',
  '/questions/Q10002/does-this-replace-the-original-part-number',
  '/questions/Q10003/is-this-compatible-with-a-raymond-102t',
  '/questions/Q10004/fits-a-toyota-8fgcu25',
  '/questions/Q10005/will-this-work-on-a-yale-mpb040',
  '/questions/Q10006/how-hard-is-this-to-install',
  '/questions/Q10007/do-i-need-to-bleed-the-hydraulics-after',
  '/questions/Q10008/does-it-come-with-bearings-installed',
  '/questions/Q10009/are-instructions-included',
  '/questions/Q10010/which-grease-should-i-use',
  '/questions/Q10011/can-this-ship-today',
  '/questions/Q10012/do-you-ship-to-canada',
  '/questions/Q10013/is-there-a-discount-for-20-units',
  '/questions/Q10014/can-i-pick-it-up',
  '/questions/Q10015/what-is-the-durometer-of-the-tread',
  '/questions/Q10016/what-is-the-bore-size',
  '/questions/Q10017/is-this-the-non-marking-version',
  '/questions/Q10018/what-is-the-load-rating',
  '/questions/Q10019/will-this-fit-a-crown-pth50',
  '/questions/Q10020/does-this-replace-the-original-part-number',
  '/questions/Q10021/is-this-compatible-with-a-raymond-102t',
  '/questions/Q10022/fits-a-toyota-8fgcu25',
  '/questions/Q10023/will-this-work-on-a-yale-mpb040',
  '/questions/Q10024/how-hard-is-this-to-install',
  '/questions/Q10025/do-i-need-to-bleed-the-hydraulics-after',
  '/questions/Q10026/does-it-come-with-bearings-installed',
  '/questions/Q10027/are-instructions-included',
  '/questions/Q10028/which-grease-should-i-use',
  '/questions/Q10029/can-this-ship-today',
  '/questions/Q10030/do-you-ship-to-canada',
  '/questions/Q10011/how-hard-is-this-direction-switch-to-install',
  '/questions/Q10016/what-is-the-load-rating',
  '/questions/Q10029/will-this-work-on-a-noblelift-spn15',
];

function fresh(): Database {
  return openDatabase(':memory:');
}

describe('the demo questions', () => {
  it('keeps each question id whatever its text, so every address the demo published leads to it', () => {
    const questions = (db: Database) =>
      db.prepare('SELECT id, displayable_id AS displayableId, handle FROM questions').all() as {
        id: number;
        displayableId: string;
        handle: string;
      }[];
    // The default demo store (2,000 products, seed 1) against another seed and size: other
    // texts and handles, the same ids.
    const demo = fresh();
    demo.exec(`WITH RECURSIVE n(id) AS (SELECT 1 UNION ALL SELECT id + 1 FROM n WHERE id < 2000)
      INSERT INTO products (id, handle, title) SELECT id, 'p' || id, 'P' FROM n`);
    writeContent(demo, 1, 2000);
    const other = fresh();
    writeContent(other, 7, 0);
    const ids = (db: Database) => questions(db).map((question) => question.displayableId);
    expect(ids(demo)).toEqual(Array.from({ length: 30 }, (_, n) => `Q${String(10_001 + n)}`));
    expect(ids(other)).toEqual(ids(demo));

    const addresses = new Set(questions(demo).map(questionPath));
    const redirects = parseQuestionRedirects(
      questionRedirectsJson(questionAddresses(questions(demo))),
    );
    for (const published of PUBLISHED_QUESTION_ADDRESSES) {
      const path = published.split('/').slice(0, 3).join('/');
      const to = questionRedirect(published, '', redirects)?.location ?? '';
      expect(addresses.has(published) || addresses.has(to), published).toBe(true);
      expect(to === '' || to.startsWith(`${path}/`), published).toBe(true);
    }
  });
});
