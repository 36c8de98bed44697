import type { PublisherOptions } from './options.ts';
import { Publisher } from './publisher.ts';
import { warmPublisher } from './warm/index.ts';

/** The publisher's options, with what its warm renderer needs instead of the renderer itself. */
export interface StorePublisherOptions extends Omit<PublisherOptions, 'warm' | 'buildEnv'> {
  /** The build's environment (ADMIN_TOKEN, SITE_URL), the warm renderer's as the full build's. */
  buildEnv: Record<string, string>;
  /** SITE_URL, as the warm renderer renders pages under it. */
  site: string;
  /** PUBLISH_WARM_MAX_PAGES: 0 keeps no warm renderer (every publish a full build). */
  warmMaxPages: number;
}

/**
 * The store's publisher as the stack, `npm run publish --local` and the bench open it: product
 * changes through the warm renderer kept in the publish directory (publisher/warm), the rest
 * by a full build.
 */
export function openStorePublisher(options: StorePublisherOptions): Promise<Publisher> {
  const { site, warmMaxPages, ...publisherOptions } = options;
  const warm = warmPublisher({
    publishDir: options.layout.publishDir,
    feed: options.feed,
    site,
    buildEnv: options.buildEnv,
    maxPages: warmMaxPages,
    ...(options.log ? { log: options.log } : {}),
  });
  return Publisher.open({ ...publisherOptions, ...(warm ? { warm } : {}) });
}
