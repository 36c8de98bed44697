// The search box's part of `npm run bench`: the suggestion index's size on disk,
// and in Chromium the time from the last keystroke to the dropdown showing, cold (a fresh
// browser context: the manifest and the index's files load for this query) and warm (later
// queries on the same page), with the bytes fetched from /suggest/ per query.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { env } from '../shared/env.ts';
import { DEBOUNCE_MS } from '../src/lib/search/search-box.ts';
import { SUGGEST_DIR } from '../src/lib/search/suggest-format.ts';
import { percentile } from './percentile.ts';

export interface SearchBenchResult {
  indexBytes: number;
  indexFiles: number;
  queries: number;
  /** Last keystroke to dropdown, including the 600 ms debounce. */
  cold: TimingSummary;
  warm: TimingSummary;
}

interface TimingSummary {
  medianMs: number;
  p95Ms: number;
  /** The same without the debounce: what the index itself costs. */
  medianAfterDebounceMs: number;
  p95AfterDebounceMs: number;
  medianBytes: number;
  maxBytes: number;
}

function directorySize(dir: string): { bytes: number; files: number } {
  let bytes = 0;
  let files = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
    files += 1;
  }
  return { bytes, files };
}

async function openStore(context: BrowserContext, siteUrl: string) {
  const page = await context.newPage();
  let bytes = 0;
  page.on('requestfinished', (request) => {
    if (!new URL(request.url()).pathname.startsWith(`/${SUGGEST_DIR}/`)) return;
    void request.sizes().then((sizes) => {
      bytes += sizes.responseBodySize + sizes.responseHeadersSize;
    });
  });
  await page.goto(siteUrl);
  // The box hydrates when the shopper reaches for it (client:interact).
  await page.locator('header input[name="q"]').hover();
  await page.waitForSelector('astro-island:not([ssr])[component-url*="SearchBox"]', {
    state: 'attached',
  });
  return { page, bytes: () => bytes };
}

/** Types a query and resolves with the ms from its last keystroke to the dropdown's answer. */
async function timeQuery(page: Page, query: string): Promise<number> {
  const input = page.getByRole('combobox', { name: 'Keyword or part number' });
  await input.fill('');
  await page.waitForSelector('[role=listbox]', { state: 'hidden' });
  await page.evaluate(() => {
    const form = document.querySelector('[data-search-box]');
    const box = form?.querySelector('input[name=q]');
    if (!form || !box) throw new Error('no search box');
    let start = 0;
    box.addEventListener('keydown', () => (start = performance.now()));
    (window as unknown as { searchBench: Promise<number> }).searchBench = new Promise((resolve) => {
      const answered = () =>
        form.querySelector('[role=listbox]:not([hidden]) [role=option]') ??
        form.querySelector('.search-empty:not(:empty)');
      const observer = new MutationObserver(() => {
        if (start > 0 && answered()) {
          observer.disconnect();
          resolve(performance.now() - start);
        }
      });
      observer.observe(form, { subtree: true, childList: true, attributes: true });
    });
  });
  await input.fill(query.slice(0, -1));
  await input.press(query.slice(-1));
  return page.evaluate(() => (window as unknown as { searchBench: Promise<number> }).searchBench);
}

function summarize(samples: { ms: number; bytes: number }[]): TimingSummary {
  const ms = samples.map((s) => s.ms);
  const after = ms.map((value) => Math.max(0, value - DEBOUNCE_MS));
  const bytes = samples.map((s) => s.bytes);
  const round = (value: number) => Number(value.toFixed(1));
  return {
    medianMs: round(percentile(ms, 50)),
    p95Ms: round(percentile(ms, 95)),
    medianAfterDebounceMs: round(percentile(after, 50)),
    p95AfterDebounceMs: round(percentile(after, 95)),
    medianBytes: Math.round(percentile(bytes, 50)),
    maxBytes: Math.max(0, ...bytes),
  };
}

export async function benchSearchBox(options: {
  siteUrl: string;
  distDir: string;
  queries: string[];
  coldRuns?: number;
}): Promise<SearchBenchResult> {
  const { siteUrl, distDir, queries, coldRuns = 8 } = options;
  const index = directorySize(join(distDir, SUGGEST_DIR));
  const browser = await chromium.launch({
    executablePath: env.CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const cold: { ms: number; bytes: number }[] = [];
    for (const query of queries.slice(0, coldRuns)) {
      const context = await browser.newContext();
      const store = await openStore(context, siteUrl);
      await store.page.getByRole('combobox', { name: 'Keyword or part number' }).click();
      const ms = await timeQuery(store.page, query);
      await store.page.waitForTimeout(300); // the last responses' sizes come in async
      cold.push({ ms, bytes: store.bytes() });
      await context.close();
    }

    const warm: { ms: number; bytes: number }[] = [];
    const context = await browser.newContext();
    const store = await openStore(context, siteUrl);
    await store.page.getByRole('combobox', { name: 'Keyword or part number' }).click();
    await timeQuery(store.page, 'warm up');
    for (const query of queries) {
      const before = store.bytes();
      const ms = await timeQuery(store.page, query);
      await store.page.waitForTimeout(300);
      warm.push({ ms, bytes: store.bytes() - before });
    }
    await context.close();

    return {
      indexBytes: index.bytes,
      indexFiles: index.files,
      queries: queries.length,
      cold: summarize(cold),
      warm: summarize(warm),
    };
  } finally {
    await browser.close();
  }
}
