import { readFeed } from './article-feed.ts';

/** Shown in place of the list when the feed cannot be read. */
export const FEED_ERROR = 'The latest articles could not be loaded.';
/** Shown when the store has no articles yet. */
export const FEED_EMPTY = 'No articles yet.';

/**
 * Fetches the article feed and fills `list` with its entries (text only, never HTML).
 * Loaded on demand by the product page's feed block; a failure leaves a short note.
 */
export async function fillFeed(list: HTMLElement, url: string): Promise<void> {
  list.setAttribute('aria-busy', 'true');
  try {
    // eslint-disable-next-line no-restricted-globals -- the static article feed (/feeds/), not /api
    const reply = await fetch(url, { headers: { accept: 'application/json' } });
    if (!reply.ok) throw new Error(`${url} answered ${reply.status}`);
    const items = readFeed(await reply.json());
    list.replaceChildren(
      ...(items.length === 0
        ? [note(FEED_EMPTY)]
        : items.map((item) => {
            const entry = document.createElement('li');
            const link = document.createElement('a');
            link.href = item.href;
            link.textContent = item.title;
            const meta = document.createElement('p');
            meta.className = 'feed-meta';
            const time = document.createElement('time');
            time.dateTime = item.datetime;
            time.textContent = item.dateLabel;
            meta.append(time, ` \u00b7 ${item.readTime}`);
            entry.append(link, meta);
            return entry;
          })),
    );
  } catch (error) {
    console.error('[feed] could not load the article feed:', error);
    list.replaceChildren(note(FEED_ERROR));
  } finally {
    list.removeAttribute('aria-busy');
  }
}

function note(text: string): HTMLLIElement {
  const item = document.createElement('li');
  item.className = 'feed-note';
  item.textContent = text;
  return item;
}
