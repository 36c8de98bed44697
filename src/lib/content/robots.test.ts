import { describe, expect, it } from 'vitest';
import { robotsTxt } from './robots.ts';

describe('robotsTxt', () => {
  it('allows crawling and names the sitemap index at the site URL', () => {
    const text = robotsTxt('https://parts.example');
    expect(text.startsWith('User-agent: *\nAllow: /\n')).toBe(true);
    expect(text).toContain('Disallow: /api/\n');
    expect(text.trimEnd().split('\n').at(-1)).toBe(
      'Sitemap: https://parts.example/sitemap-index.xml',
    );
  });

  it('resolves the sitemap on a site under a path', () => {
    expect(robotsTxt('https://example.com/store/')).toContain(
      'Sitemap: https://example.com/store/sitemap-index.xml',
    );
  });
});
