import { distance } from 'fastest-levenshtein';
import { partKey } from '../../shared/parts/cross-reference.ts';
import { htmlToText } from '../../shared/format/html-text.ts';
import {
  MAX_SUGGESTIONS,
  type ResolveChoice,
  type ResolvedLine,
  type ResolvedProduct,
  type ResolveLine,
} from '../../shared/contracts/quick-order.ts';
import type { Database } from '../db/open.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { feedSeq } from '../catalog/catalogue-index.ts';
import { stockRefusal, type LevelInfo } from '../cart/lines.ts';

/**
 * The quick order's lines resolved as a parts counter would (issue 32, items 2 and 3): the
 * number compared as partKey() leaves it, through the part-number index (migration 15).
 * - One product: resolved, to its variant when the number is a variant's or the product has
 *   one; a product with options and no variant named asks for its options.
 * - A number another maker prints (a cross-reference): resolved, and the line says which.
 * - Several products (the same number under two makers): the shopper chooses; never picked.
 *   A maker's name before the number ('Crown 12345') narrows to that maker's.
 * - None: up to MAX_SUGGESTIONS near numbers ('did you mean').
 * - A superseded part: resolved, with the part that replaces it offered.
 * Stock and limits are the cart's own (cart/lines.ts stockRefusal), counting what the cart
 * holds and the lines above on the same item.
 */

interface IndexRow {
  productId: number;
  variantId: number | null;
  kind: 'own' | 'replaces' | 'interchangeable';
  brand: string;
  number: string;
}

interface ProductRow {
  id: number;
  handle: string;
  title: string;
  vendor: string;
  sku: string;
  imageUrl: string | null;
}

interface VariantRow {
  id: number;
  title: string;
  sku: string;
  priceCents: number;
  forSale: number;
  levelId: number;
  availableQuantity: number;
  bypass: number;
}

const statements = preparedPerDatabase((db: Database) => {
  const s = (sql: string) => db.prepare(sql);
  return {
    byKey: s(`SELECT product_id AS productId, variant_id AS variantId, kind, brand, number
      FROM part_numbers WHERE key = ? ORDER BY kind = 'own' DESC, rowid`),
    keysFrom: s(`SELECT key, product_id AS productId FROM part_numbers
      WHERE key >= ? AND key < ? AND kind = 'own' ORDER BY key LIMIT 400`),
    product: s(`SELECT id, handle, title, vendor, sku, image_url AS imageUrl
      FROM products WHERE id = ?`),
    variants: s(`SELECT v.id, v.title, v.sku, v.price_cents AS priceCents,
        v.available_for_sale AS forSale, il.id AS levelId,
        il.available_quantity AS availableQuantity, il.bypass_negative_quantity AS bypass
      FROM variants v JOIN inventory_levels il ON il.variant_id = v.id
      WHERE v.product_id = ? AND il.id = (SELECT MIN(id) FROM inventory_levels WHERE variant_id = v.id)
      ORDER BY v.variant_position, v.id`),
    values: s(`SELECT vo.variant_id AS variantId, po.name, vo.value FROM variant_options vo
      JOIN product_options po ON po.id = vo.option_id
      WHERE po.product_id = ? ORDER BY po.position, po.id`),
    options: s('SELECT name FROM product_options WHERE product_id = ? ORDER BY position, id'),
    supersededBy: s(`SELECT number FROM product_cross_references
      WHERE product_id = ? AND relation = 'superseded-by' ORDER BY position LIMIT 1`),
    cart: s(`SELECT inventory_level_id AS levelId, quantity FROM checkout_line_items
      WHERE checkout_id = ?`),
    makers: s(`SELECT DISTINCT lower(vendor) AS name FROM products WHERE vendor <> ''
      UNION SELECT DISTINCT lower(brand) FROM part_numbers WHERE brand <> ''`),
  };
});

type Statements = ReturnType<typeof statements>;

const knownMakers = new WeakMap<Database, { seq: number; names: ReadonlySet<string> }>();

/**
 * The makers' names a line may start with, lowercased: read once per catalogue version (the
 * change feed's sequence, as the catalogue index and the machines' counts keep theirs), not on
 * every call. At 100,000 products the read scans every product and part number.
 */
function makersOf(db: Database, st: Statements): ReadonlySet<string> {
  const seq = feedSeq(db);
  const kept = knownMakers.get(db);
  if (kept?.seq === seq) return kept.names;
  const names = new Set((st.makers.all() as { name: string }[]).map((row) => row.name));
  knownMakers.set(db, { seq, names });
  return names;
}

/**
 * Resolves `lines` for the cart `checkoutId` (undefined: an empty cart), in order. Reads only:
 * nothing is written, so a resolve can be asked again at any time.
 */
export function resolveLines(
  db: Database,
  lines: readonly ResolveLine[],
  checkoutId: string | undefined,
): ResolvedLine[] {
  const st = statements(db);
  const held = new Map<number, number>();
  if (checkoutId !== undefined) {
    for (const row of st.cart.all(checkoutId) as { levelId: number; quantity: number }[]) {
      held.set(row.levelId, row.quantity);
    }
  }
  const makers = makersOf(db, st);
  const products = new Map<number, ProductRow | undefined>();
  const productOf = (id: number) => {
    if (!products.has(id)) products.set(id, st.product.get(id) as ProductRow | undefined);
    return products.get(id);
  };
  return lines.map((line) => resolveOne({ st, makers, productOf, held }, line));
}

interface Context {
  st: Statements;
  /** Makers' names, lowercased: the products' brands and the cross-references'. */
  makers: ReadonlySet<string>;
  productOf: (id: number) => ProductRow | undefined;
  /**
   * Units of each inventory level the cart holds, with the lines resolved above added: 40
   * lines cannot overdraw one shelf.
   */
  held: Map<number, number>;
}

function resolveOne(ctx: Context, line: ResolveLine): ResolvedLine {
  const { st, productOf } = ctx;
  const matches = lookUp(ctx, line.part);
  // A product the shopper chose (among candidates, or the part a superseded one names).
  const chosen = line.productId === undefined ? undefined : productOf(line.productId);
  if (chosen) {
    const row = matches.find((match) => match.productId === chosen.id);
    return resolvedProduct(ctx, chosen, row, line);
  }
  const byProduct = new Map<number, IndexRow>();
  for (const row of matches) {
    const kept = byProduct.get(row.productId);
    // A variant's own number names its variant; an own number beats another maker's.
    if (!kept || (row.variantId !== null && kept.variantId === null && row.kind === 'own')) {
      byProduct.set(row.productId, row);
    }
  }
  // The store's own number first: a part that merely replaces it is not what was typed.
  const own = [...byProduct.values()].filter((row) => row.kind === 'own');
  const found = own.length > 0 ? own : [...byProduct.values()];
  const present = found.flatMap((row) => {
    const product = productOf(row.productId);
    return product ? [{ row, product }] : [];
  });
  const [only] = present;
  if (present.length === 1 && only) return resolvedProduct(ctx, only.product, only.row, line);
  if (present.length > 1) {
    return {
      status: 'choose',
      candidates: present.map(({ row, product }) => choice(product, row.kind)),
    };
  }
  return { status: 'unknown', suggestions: suggestions(st, partKey(line.part), productOf) };
}

/**
 * The index rows of a typed number. 'Crown 12345' is Crown's 12345 when the store knows that
 * maker and such a number of it; otherwise the whole text is the number.
 */
function lookUp({ st, makers, productOf }: Context, part: string): IndexRow[] {
  const words = part.trim().split(/\s+/);
  for (const count of [2, 1]) {
    if (words.length <= count) continue;
    const maker = words.slice(0, count).join(' ').toLowerCase();
    if (!makers.has(maker)) continue;
    const rest = partKey(words.slice(count).join(' '));
    const rows = (rest ? (st.byKey.all(rest) as unknown as IndexRow[]) : []).filter(
      (row) =>
        (row.kind === 'own'
          ? (productOf(row.productId)?.vendor ?? '')
          : row.brand
        ).toLowerCase() === maker,
    );
    if (rows.length > 0) return rows;
  }
  const key = partKey(part);
  return key ? (st.byKey.all(key) as unknown as IndexRow[]) : [];
}

const shown = (product: ProductRow): ResolvedProduct => ({
  id: product.id,
  handle: product.handle,
  title: htmlToText(product.title),
  vendor: product.vendor,
  sku: product.sku,
  imageUrl: product.imageUrl,
});

const choice = (product: ProductRow, match: IndexRow['kind']): ResolveChoice => ({
  ...shown(product),
  match,
});

const variantTitle = (title: string) => (title === 'Default Title' ? '' : htmlToText(title));

/** The other maker's number a line matched, if it was not the product's own. */
const referenceOf = (row: IndexRow | undefined) =>
  row && row.kind !== 'own'
    ? { reference: { brand: row.brand, number: row.number, relation: row.kind } }
    : {};

function resolvedProduct(
  ctx: Context,
  product: ProductRow,
  row: IndexRow | undefined,
  line: ResolveLine,
): ResolvedLine {
  const { st, held } = ctx;
  const variants = st.variants.all(product.id) as unknown as VariantRow[];
  const wanted = line.variantId ?? row?.variantId ?? undefined;
  const variant =
    variants.find((candidate) => candidate.id === wanted) ??
    (variants.length === 1 ? variants[0] : undefined);
  if (!variant) {
    const values = new Map<number, Record<string, string>>();
    for (const value of st.values.all(product.id) as {
      variantId: number;
      name: string;
      value: string;
    }[]) {
      values.set(value.variantId, { ...values.get(value.variantId), [value.name]: value.value });
    }
    return {
      status: 'options',
      product: shown(product),
      ...referenceOf(row),
      options: (st.options.all(product.id) as { name: string }[]).map((option) => option.name),
      variants: variants.map((candidate) => ({
        ...variantView(candidate, held.get(candidate.levelId) ?? 0),
        values: values.get(candidate.id) ?? {},
        forSale: candidate.forSale === 1,
      })),
    };
  }
  const inCart = held.get(variant.levelId) ?? 0;
  held.set(variant.levelId, inCart + line.quantity);
  const name = [htmlToText(product.title), variantTitle(variant.title)].filter(Boolean);
  const level: LevelInfo = {
    id: variant.levelId,
    name: name.length > 1 ? `${name[0] ?? ''} (${name[1] ?? ''})` : (name[0] ?? ''),
    priceCents: variant.priceCents,
    availableForSale: variant.forSale === 1,
    availableQuantity: variant.availableQuantity,
    bypassNegativeQuantity: variant.bypass === 1,
  };
  const problem = stockRefusal(level, inCart, inCart + line.quantity);
  const successor = supersededBy(st, product.id);
  return {
    status: 'resolved',
    product: shown(product),
    variant: variantView(variant, inCart),
    lineTotal: (variant.priceCents * line.quantity) / 100,
    ...referenceOf(row),
    ...(successor ? { supersededBy: shown(successor) } : {}),
    ...(problem === undefined ? {} : { problem }),
  };
}

function variantView(variant: VariantRow, inCart: number) {
  return {
    id: variant.id,
    title: variantTitle(variant.title),
    sku: variant.sku,
    levelId: variant.levelId,
    price: variant.priceCents / 100,
    available: variant.bypass === 1 ? null : Math.max(0, variant.availableQuantity - inCart),
    inCart,
  };
}

/** The part the number superseding this one names, when it names exactly one other. */
function supersededBy(st: Statements, productId: number): ProductRow | undefined {
  const row = st.supersededBy.get(productId) as { number: string } | undefined;
  if (!row) return undefined;
  const owners = new Set(
    (st.byKey.all(partKey(row.number)) as unknown as IndexRow[])
      .filter((match) => match.kind === 'own' && match.productId !== productId)
      .map((match) => match.productId),
  );
  const [only] = owners;
  return owners.size === 1 && only !== undefined
    ? (st.product.get(only) as ProductRow | undefined)
    : undefined;
}

/** The shortest start of a number that 'did you mean' looks under. */
const MIN_PREFIX = 3;
/** The start looked under first: a number typed with its first characters right. */
const LONG_PREFIX = 6;

/**
 * Up to MAX_SUGGESTIONS of the store's own numbers near `key`: those it begins (a number
 * typed without its suffix: '85288' for 85288-001) first, then by edit distance, at most a
 * third of its length (2 for a short one): a slip of a key or two, not another part. Read from
 * the index by a shared start, longest first, so a first character typed wrong finds nothing
 * rather than everything.
 */
function suggestions(
  st: Statements,
  key: string,
  productOf: (id: number) => ProductRow | undefined,
): ResolveChoice[] {
  if (key.length < MIN_PREFIX) return [];
  const limit = Math.max(2, Math.floor(key.length / 3));
  const picked = new Map<number, ResolveChoice>();
  // Longer shared starts first: their numbers are the nearer ones.
  for (let length = Math.min(LONG_PREFIX, key.length); length >= MIN_PREFIX; length -= 1) {
    const start = key.slice(0, length);
    const rows = st.keysFrom.all(start, `${start}\u{10FFFF}`) as {
      key: string;
      productId: number;
    }[];
    const near = rows
      .map((row) => ({
        ...row,
        score: row.key.startsWith(key) ? row.key.length - key.length - 100 : distance(row.key, key),
      }))
      .filter((row) => row.score < 0 || row.score <= limit)
      .sort((a, b) => a.score - b.score || a.key.localeCompare(b.key) || a.productId - b.productId);
    for (const row of near) {
      const product = productOf(row.productId);
      if (product && !picked.has(product.id)) picked.set(product.id, choice(product, 'own'));
      if (picked.size === MAX_SUGGESTIONS) return [...picked.values()];
    }
  }
  return [...picked.values()];
}
