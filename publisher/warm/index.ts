import { existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { readJsonFile } from '../json-file.ts';
import { writeAtomically } from '../../web/precompress.ts';
import { onlyWarmChanges, type FeedClient } from '../feed.ts';
import { removeTree, type ReleaseInfo } from '../releases.ts';
import { codeDigest } from './code.ts';
import { linkTree } from './link-tree.ts';
import {
  planPages,
  readPaths,
  warmBuild,
  writePaths,
  type WarmBuildOptions,
  type WarmBuildReport,
} from './release.ts';
import { WarmRenderer } from './renderer.ts';
import { SearchThread } from '../search-thread.ts';

export interface WarmOptions {
  /** Where the last full build's bundle is kept (inside the publish directory). */
  rendererDir: string;
  feed: FeedClient;
  /** SITE_URL, as the build renders pages under it. */
  site: string;
  /** The environment the build gets beyond the process's own (part of the code digest). */
  buildEnv: Readonly<Record<string, string>>;
  /** Past this many pages to render, a full build runs instead. */
  maxPages: number;
  log?: (message: string) => void;
}

/** Who kept the bundle: the full build's release id, and the code and settings it was built from. */
interface Owner {
  release: string;
  code: string;
}
const OWNER_FILE = 'owner.json';

/**
 * The publisher's fast way: after a full build, its prerender bundle stays
 * loaded in a warm renderer (./renderer.ts), and a publish whose changes are all products'
 * renders only the pages whose key changed into a copy of the live release (./release.ts).
 * Anything else, or a renderer that does not belong to the live release, takes a full build,
 * which keeps a new bundle.
 */
export class WarmPublisher {
  readonly #options: WarmOptions;
  #renderer: WarmRenderer | undefined;
  /** The search index's thread, kept with the records of the release it indexed last. */
  #search: SearchThread | undefined;
  /** The digest the running full build was started with. */
  #fullCode: string | undefined;
  /** The next release's tree, linked from the live one while the publisher is idle. */
  #spare: { live: string; dir: string; ready: Promise<boolean>; stop: AbortController } | undefined;
  /** The renderer's current work: a forecast and a publish take turns with it. */
  #turn: Promise<unknown> = Promise.resolve();
  #closed = false;

  constructor(options: WarmOptions) {
    this.#options = options;
  }

  get #nextDir() {
    return `${this.#options.rendererDir}.next`;
  }

  /** The environment of a full build, so that it keeps its bundle for the warm renderer. */
  async fullBuildEnv(): Promise<Record<string, string>> {
    this.#fullCode = await this.#code();
    await rm(this.#nextDir, { recursive: true, force: true });
    return { BUILD_RENDERER_DIR: this.#nextDir };
  }

  /**
   * After release `id` in `dir` went live. A full build's kept bundle replaces the old one,
   * loads, and lists the paths the next warm publish compares with; then the next release's
   * copy is prepared. In its turn, so a publish or a forecast asked for meanwhile waits for it,
   * while the shop already serves the release (the publish is done once it is live).
   */
  follow(id: string, dir: string, built: 'full' | 'warm'): Promise<void> {
    return this.#inTurn(async () => {
      if (built === 'full') {
        // Its records are an older release's: the next warm publish reads the new ones.
        await this.#search?.close();
        this.#search = undefined;
        const started = Date.now();
        try {
          const pages = await this.#adopt(id, dir);
          const seconds = ((Date.now() - started) / 1000).toFixed(1);
          if (pages !== undefined)
            this.#options.log?.(
              `The warm renderer took the new bundle and listed its ${pages.toLocaleString('en-US')} pages in ${seconds} s.`,
            );
        } catch (error) {
          this.#options.log?.(`The warm renderer could not start: ${(error as Error).message}`);
        }
      }
      this.prepare(dir);
    });
  }

  /** The number of paths listed; undefined when the build kept no bundle. */
  async #adopt(id: string, dir: string): Promise<number | undefined> {
    await this.#close();
    if (!existsSync(this.#nextDir) || !this.#fullCode) return undefined;
    await rm(this.#options.rendererDir, { recursive: true, force: true });
    await rename(this.#nextDir, this.#options.rendererDir);
    const owner: Owner = { release: id, code: this.#fullCode };
    await writeAtomically(join(this.#options.rendererDir, OWNER_FILE), JSON.stringify(owner));
    const renderer = await this.#start();
    const paths = await renderer.paths();
    await writePaths(dir, paths);
    return paths.length;
  }

  /**
   * Links a copy of the release that just went live, for the next warm publish to start
   * from, in the background: releases are never written once live, so the copy stays exact
   * until another release goes live (a rollback), when it is dropped unused.
   */
  prepare(live: string): void {
    const dir = join(dirname(this.#options.rendererDir), 'next-release');
    const before = this.#spare;
    const stop = new AbortController();
    const ready = (async () => {
      await before?.ready;
      await removeTree(dir);
      await linkTree(live, dir, stop.signal);
      return true;
    })().catch((error: unknown) => {
      if (!stop.signal.aborted)
        this.#options.log?.(`Could not prepare the next release: ${(error as Error).message}`);
      return false;
    });
    this.#spare = { live, dir, ready, stop };
  }

  /** Settles once the copy being prepared, if any, is made (or failed). */
  async prepared(): Promise<void> {
    await this.#spare?.ready;
  }

  /** The prepared copy of `live`, once it is complete; undefined when there is none for it. */
  async #prepared(live: string): Promise<string | undefined> {
    const spare = this.#spare;
    this.#spare = undefined;
    if (!spare) return undefined;
    if (spare.live === live && (await spare.ready)) return spare.dir;
    await spare.ready;
    await removeTree(spare.dir);
    return undefined;
  }

  /** The id of the full build whose bundle is kept, when there is one. */
  async rendererId(): Promise<string | undefined> {
    return (await this.#owner())?.release;
  }

  /**
   * A warm release of the live one into `outDir`, or `{ full }` with the reason, in the
   * merchandiser's words (issue 33, item 11), when a full build is needed. The log has it too.
   */
  build(
    live: { dir: string; info: ReleaseInfo | undefined },
    outDir: string,
    progress: Pick<WarmBuildOptions, 'onProgress' | 'signal'>,
  ): Promise<WarmBuildReport | { full: string }> {
    return this.#inTurn(() => this.#build(live, outDir, progress));
  }

  /**
   * What a publish of `live` would render now, without rendering it (issue 33, item 11): the
   * store brought up to the feed and its paths compared with the live release's, as build()
   * does; or `{ full }` with the reason a publish would build every page. The store it brings
   * up to date is the one the publish brings up to date next; its pages are planned from the
   * paths alone (release.ts planPages), so nothing of the publish depends on it.
   */
  forecast(live: {
    dir: string;
    info: ReleaseInfo | undefined;
  }): Promise<{ full: string } | { toRender: string[]; unkeyed: string[] }> {
    return this.#inTurn(async () => {
      if (this.#closed) throw new Error('The publisher stopped.');
      const why = await this.#cannot(live);
      if (why) return { full: why };
      const renderer = this.#renderer ?? (await this.#start());
      await renderer.update();
      const plan = planPages((await readPaths(live.dir)) ?? [], await renderer.paths());
      if (plan.toRender.length > this.#options.maxPages)
        return { full: this.#tooMany(plan.toRender.length) };
      return {
        toRender: plan.toRender.map((path) => path.pathname),
        unkeyed: plan.toRender
          .filter((path) => path.cacheKey === undefined)
          .map((path) => path.pathname),
      };
    });
  }

  #inTurn<T>(work: () => Promise<T>): Promise<T> {
    const run = this.#turn.then(work, work);
    this.#turn = run.catch(() => {});
    return run;
  }

  #tooMany(pages: number): string {
    return `${pages.toLocaleString('en-US')} pages changed, more than ${this.#options.maxPages.toLocaleString('en-US')} (a menu, the footer or a new day's prices change every page).`;
  }

  async #build(
    live: { dir: string; info: ReleaseInfo | undefined },
    outDir: string,
    progress: Pick<WarmBuildOptions, 'onProgress' | 'signal'>,
  ): Promise<WarmBuildReport | { full: string }> {
    const checking = Date.now();
    const full = (why: string) => {
      this.#options.log?.(`Full build: ${why}`);
      return { full: why };
    };
    const why = await this.#cannot(live);
    if (why) return full(why);
    // Read while the renderer brings its store up to date (#cannot made sure they are there).
    const livePaths = readPaths(live.dir).then((paths) => paths ?? []);
    const checks = Date.now() - checking;
    try {
      const renderer = this.#renderer ?? (await this.#start());
      const result = await warmBuild({
        renderer,
        live: live.dir,
        outDir,
        prepared: this.#prepared(live.dir),
        livePaths,
        searchThread: this.#searchThread(),
        site: this.#options.site,
        maxPages: this.#options.maxPages,
        ...progress,
      });
      if ('tooMany' in result) {
        await removeTree(outDir);
        return full(this.#tooMany(result.tooMany));
      }
      // More changes came while this ran than the feed check reads: only a full build is
      // sure to have them all.
      if (!(await onlyWarmChanges(this.#options.feed, live.info?.cursor ?? 0))) {
        await removeTree(outDir);
        return full('more than 20,000 changes came in during the publish.');
      }
      const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
      const steps = Object.entries(result.steps).map(([name, ms]) => `${name} ${seconds(ms)}`);
      this.#options.log?.(`Warm publish: checks ${seconds(checks)}, ${steps.join(', ')}.`);
      return result;
    } catch (error) {
      // A stopped publish stays stopped; anything else is worth a full build.
      await removeTree(outDir);
      if (progress.signal?.aborted) throw error;
      await this.#close();
      return full(`the quick publish failed (${(error as Error).message}).`);
    }
  }

  async close(): Promise<void> {
    this.#closed = true;
    // A copy being linked is stopped: nothing writes in the publish directory once closed.
    this.#spare?.stop.abort();
    await this.#spare?.ready;
    this.#spare = undefined;
    // A forecast under way ends before the renderer does; none starts one again.
    await this.#turn;
    await this.#close();
    await this.#search?.close();
    this.#search = undefined;
  }

  /** Why the live release cannot be followed warm, or undefined when it can. */
  async #cannot(live: { dir: string; info: ReleaseInfo | undefined }) {
    const owner = await this.#owner();
    if (!owner)
      return 'the first publish of this store builds every page; later ones render only what changed.';
    if (!live.info?.renderer || live.info.renderer !== owner.release)
      return 'the live site was not published from the last full build (a rollback, or another publisher).';
    if (live.info.cursor === null) return 'the live site does not say which changes it holds.';
    if (!existsSync(join(live.dir, '_server', 'paths.json')))
      return 'the live site has no list of its pages.';
    if (owner.code !== (await this.#code()))
      return "the store's code or settings changed since the last full build.";
    if (!(await onlyWarmChanges(this.#options.feed, live.info.cursor)))
      return 'more changes than a warm publish reads (over 20,000).';
    return undefined;
  }

  #searchThread(): SearchThread {
    if (!this.#search?.alive) this.#search = new SearchThread();
    return this.#search;
  }

  #owner(): Promise<Owner | undefined> {
    return readJsonFile<Owner>(join(this.#options.rendererDir, OWNER_FILE));
  }

  #code(): Promise<string> {
    const { site, buildEnv } = this.#options;
    return codeDigest({ SITE_URL: site, BOT_CHECK: process.env['BOT_CHECK'], ...buildEnv });
  }

  async #start(): Promise<WarmRenderer> {
    const renderer = await WarmRenderer.start({
      rendererDir: this.#options.rendererDir,
      apiUrl: this.#options.feed.apiUrl,
      adminToken: this.#options.feed.adminToken,
    });
    renderer.onLog = (message) => this.#options.log?.(`Warm renderer: ${message}`);
    this.#renderer = renderer;
    return renderer;
  }

  async #close() {
    const renderer = this.#renderer;
    this.#renderer = undefined;
    await renderer?.close();
  }
}

/**
 * The warm publisher of a publish directory (its bundle in `renderer/`), or undefined when
 * PUBLISH_WARM_MAX_PAGES is 0.
 */
export function warmPublisher(
  options: Omit<WarmOptions, 'rendererDir'> & { publishDir: string },
): WarmPublisher | undefined {
  if (options.maxPages <= 0) return undefined;
  return new WarmPublisher({ ...options, rendererDir: join(options.publishDir, 'renderer') });
}
