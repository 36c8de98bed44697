// zod's small build: this module runs in the browser (the recently viewed strip and the
// image viewer), where the full build would add about 24 kB gzipped.
import { z } from 'zod/mini';
import { ApiError, requestJson, type JsonReply, type RequestJson } from '../api/client.ts';
import { htmlToText } from '../../../shared/format/html-text.ts';
import { fetchProductsByIds } from '../search/products-by-ids.ts';
import type { ApiCard } from '../../../shared/contracts/product-card.ts';

/** account-and-shell 5 and 8: /productimage.php without product_id. */
export const PRODUCT_ID_REQUIRED = 'Product ID is required to display images.';
/** account-and-shell 2.8: a product without pictures. */
export const NO_IMAGES = 'No images available for this product.';
/** Not shown by the spec: a product_id that is not a product id at all. */
export const INVALID_PRODUCT_ID = 'Product ID must be a number, such as product_id=123.';
/** spec storefront 8: the default text of a failed call (network down, unreadable reply). */
export const DEFAULT_ERROR = 'Something went wrong. Please try again.';

/** What the product_id query parameter asks for. */
export type ProductIdParam = { ok: true; id: number } | { ok: false; message: string };

/**
 * Reads product_id from a query string (account-and-shell 5: it is required).
 * @example productIdParam('?product_id=42') // { ok: true, id: 42 }
 */
export function productIdParam(search: string): ProductIdParam {
  const raw = new URLSearchParams(search).get('product_id')?.trim() ?? '';
  if (raw === '') return { ok: false, message: PRODUCT_ID_REQUIRED };
  if (!/^\d{1,10}$/.test(raw) || Number(raw) < 1) {
    return { ok: false, message: INVALID_PRODUCT_ID };
  }
  return { ok: true, id: Number(raw) };
}

const mediaProductSchema = z.object({
  id: z.int(),
  title: z.string(),
  handle: z.string(),
  imageUrl: z.nullable(z.string()),
  Images: z.array(z.object({ id: z.int(), url: z.string(), altText: z.string() })),
});

/** The fields the expanded image viewer reads (account-and-shell 3, "Product fields"). */
export type MediaProduct = z.infer<typeof mediaProductSchema>;

/** A product card as GET /api/products?productIds= sends it (the fields a card shows). */
export type { ApiCard } from '../../../shared/contracts/product-card.ts';

export type Result<T> = { ok: true; value: T } | { ok: false; message: string; status?: number };

/**
 * GETs JSON through the API client and validates it; the API's own `error` text, or the
 * default, on failure.
 */
async function getJson<T>(
  request: RequestJson,
  path: string,
  schema: z.ZodMiniType<T>,
  signal?: AbortSignal,
): Promise<Result<T>> {
  let reply: JsonReply;
  try {
    reply = await request('GET', path, signal ? { signal } : {});
  } catch (error) {
    if (signal?.aborted) throw error;
    return { ok: false, message: DEFAULT_ERROR };
  }
  if (!reply.readable) return { ok: false, message: DEFAULT_ERROR, status: reply.status };
  if (!reply.ok) {
    const error = z.object({ error: z.string().check(z.minLength(1)) }).safeParse(reply.body);
    return {
      ok: false,
      message: error.success ? error.data.error : DEFAULT_ERROR,
      status: reply.status,
    };
  }
  const parsed = schema.safeParse(reply.body);
  return parsed.success
    ? { ok: true, value: parsed.data }
    : { ok: false, message: DEFAULT_ERROR, status: reply.status };
}

/**
 * The product's pictures for the expanded viewer: GET /api/products/{id} (account-and-shell
 * 7). A 404 gives the API's 'Product not found.'.
 */
export async function fetchMediaProduct(
  id: number,
  signal?: AbortSignal,
  request: RequestJson = requestJson,
): Promise<Result<MediaProduct>> {
  const result = await getJson(
    request,
    `/api/products/${String(id)}`,
    z.object({ product: mediaProductSchema }),
    signal,
  );
  return result.ok ? { ok: true, value: result.value.product } : result;
}

/**
 * Cards for these ids (the recently viewed strip): the comparison page's call,
 * {@link fetchProductsByIds}, as a Result whose message is the API's own `error` text or the
 * default. Unknown ids are simply missing from the reply.
 */
export async function fetchCards(
  ids: readonly number[],
  signal?: AbortSignal,
): Promise<Result<ApiCard[]>> {
  if (ids.length === 0) return { ok: true, value: [] };
  try {
    return { ok: true, value: await fetchProductsByIds(ids, signal) };
  } catch (error) {
    if (signal?.aborted) throw error;
    const cause = error instanceof Error ? error.cause : undefined;
    if (cause instanceof ApiError) {
      return {
        ok: false,
        message: cause.fromServer ? cause.message : DEFAULT_ERROR,
        ...(cause.status === undefined ? {} : { status: cause.status }),
      };
    }
    return { ok: false, message: DEFAULT_ERROR };
  }
}

/**
 * The pictures the expanded viewer steps through: the product's Images, or its main image
 * when it has no Images of its own (as the product page's gallery does).
 */
export function viewerImages(product: MediaProduct): { id: string; url: string; alt: string }[] {
  const alt = (text: string, index: number) =>
    text.trim() || `${htmlToText(product.title)}, image ${String(index + 1)}`;
  if (product.Images.length > 0) {
    return product.Images.map((image, index) => ({
      id: String(image.id),
      url: image.url,
      alt: alt(image.altText, index),
    }));
  }
  return product.imageUrl ? [{ id: 'main', url: product.imageUrl, alt: alt('', 0) }] : [];
}
