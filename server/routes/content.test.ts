import { describe, expect, it } from 'vitest';
import { testApp } from '../testing/app.ts';
import { expectError, getJson } from './content.testing.ts';

describe('the content routes', () => {
  it('mounts every content list under /api with its top-level key', async () => {
    const { app } = testApp();
    const keys: [string, string][] = [
      ['/api/articles', 'articles'],
      ['/api/helpAnswers', 'helpAnswers'],
      ['/api/pages', 'pages'],
      ['/api/questions/topics', 'topics'],
      ['/api/questions', 'questions'],
      ['/api/reviews/siteReviews/', 'siteReviews'],
    ];
    for (const [path, key] of keys) {
      const { status, body } = await getJson(app, path);
      expect(status, path).toBe(200);
      expect(body[key], path).toEqual([]);
    }
  });

  it('answers unknown content paths with the JSON 404 of the app', async () => {
    const { app } = testApp();
    await expectError(app, '/api/helpAnswers/unknown/path', 404, 'Not found.');
  });

  it('refuses writes to the read-only content routes without a 500', async () => {
    const { app } = testApp();
    for (const path of ['/api/articles', '/api/pages', '/api/reviews/siteReviews']) {
      const res = await app.request(`http://localhost${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{not json',
      });
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
  });
});
