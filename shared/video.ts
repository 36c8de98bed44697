/** Metafield key whose values are video ids (spec storefront 3, "Metafields"). */
export const VIDEO_METAFIELD_KEY = 'product_video_id';

/**
 * The picture a video thumbnail shows when the video host's image cannot be loaded (the host
 * unreachable, blocked, or the id unknown there): a local, neutral video picture.
 */
export const VIDEO_THUMBNAIL_FALLBACK = '/video-thumbnail.svg';

/** The shape of a video id on the video host; anything else is not put into a URL. */
const VIDEO_ID = /^[A-Za-z0-9_-]{6,20}$/;

/**
 * The product's video ids, in metafield order, each once (spec storefront 3: "videos are
 * those with one specific key, the value being a video id").
 */
export function videoIds(
  metafields: readonly { metafieldKey: string; metafieldValue: string }[],
): string[] {
  const ids = metafields
    .filter((field) => field.metafieldKey === VIDEO_METAFIELD_KEY)
    .map((field) => field.metafieldValue.trim())
    .filter((id) => VIDEO_ID.test(id));
  return [...new Set(ids)];
}

/**
 * A video's thumbnail on the video host's image service (spec storefront 2, "Gallery").
 * @example videoThumbnailUrl('dQw4w9WgXcQ', 'https://img.youtube.com/vi/')
 *   // 'https://img.youtube.com/vi/dQw4w9WgXcQ/hqdefault.jpg'
 */
export const videoThumbnailUrl = (id: string, thumbnailBase: string): string =>
  `${withSlash(thumbnailBase)}${encodeURIComponent(id)}/hqdefault.jpg`;

/**
 * A video's player URL on the video host's embed base.
 * @example videoEmbedUrl('dQw4w9WgXcQ', 'https://www.youtube.com/embed/')
 *   // 'https://www.youtube.com/embed/dQw4w9WgXcQ'
 */
export const videoEmbedUrl = (id: string, embedBase: string): string =>
  `${withSlash(embedBase)}${encodeURIComponent(id)}`;

const withSlash = (base: string) => (base.endsWith('/') ? base : `${base}/`);
