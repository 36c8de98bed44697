import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeServerFiles } from '../publisher/build-site.ts';

/**
 * A build of two pages (the home page and the 404, both titled `title`) with the files the web
 * servers read, as a release of its own: what the stack's tests serve without running astro.
 */
export async function writeTinySite(dir: string, title: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const page = `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1></body></html>`;
  writeFileSync(join(dir, 'index.html'), page);
  writeFileSync(join(dir, '404.html'), page);
  await writeServerFiles(dir);
}
