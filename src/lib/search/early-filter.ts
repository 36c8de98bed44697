import { CARD_IMAGE_SIZES, cardImage } from '../catalog/product-card.ts';
import { fetchFilter } from './filter-api.ts';
import type { FilterReply } from './filter-reply.ts';
import {
  filterQuery,
  parseSearchParams,
  shouldSearch,
  type SearchParams,
} from './search-params.ts';

/**
 * /search.php's first filter call, started by the page's own small script as soon as the
 * page is parsed instead of after React has loaded and hydrated the results list
 * (the results, and the largest picture among them, came late on a phone). The list
 * takes the reply when its first call asks for the same query; any other call goes out as
 * usual. One reply, taken once.
 */
let early: { query: string; reply: Promise<FilterReply> } | undefined;

const keyOf = (params: SearchParams, defaultLimit: number): string =>
  filterQuery(params, defaultLimit).toString();

/** The pictures of the first cards, fetched as soon as the reply names them. */
export interface EarlyImages {
  /** How many of the first cards' pictures (the list's eager ones). */
  count: number;
  noImageUrl: string;
  cdnPrefix: string;
}

/**
 * Starts the call for the address's search, when there is one to make. With `images`, the
 * first cards' pictures are preloaded when the reply comes, with the srcset and sizes their
 * cards will ask for, so that the largest of them (the page's LCP on a phone) loads while
 * React is still loading instead of after the list has rendered.
 */
export function startEarlyFilter(search: string, defaultLimit: number, images?: EarlyImages): void {
  const params = parseSearchParams(search);
  if (new URLSearchParams(search).has('cat') || !shouldSearch(params)) return;
  const reply = fetchFilter(params, defaultLimit);
  // The list reports a failure when it takes the reply; nobody may take it at all.
  reply.then(
    (answer) => {
      if (images) preloadCardImages(answer, images);
    },
    () => undefined,
  );
  early = { query: keyOf(params, defaultLimit), reply };
}

/** The first row of cards on a phone: the pictures that may be the page's largest. */
const FIRST_ROW = 2;

function preloadCardImages(reply: FilterReply, images: EarlyImages): void {
  for (const [index, card] of reply.products.slice(0, images.count).entries()) {
    const { image, srcset } = cardImage(card.imageUrl, images);
    const link = document.createElement('link');
    link.rel = 'preload';
    link.as = 'image';
    link.href = image;
    if (index < FIRST_ROW) link.fetchPriority = 'high';
    if (srcset) {
      link.imageSrcset = srcset;
      link.imageSizes = CARD_IMAGE_SIZES;
    }
    document.head.append(link);
  }
}

/** The early reply for this call, if it is the one started; taken only once. */
export function takeEarlyFilter(
  params: SearchParams,
  defaultLimit: number,
): Promise<FilterReply> | undefined {
  if (!early || early.query !== keyOf(params, defaultLimit)) return undefined;
  const { reply } = early;
  early = undefined;
  return reply;
}
