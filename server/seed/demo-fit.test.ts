import { demoModels } from './machines.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/open.ts';
import { BRANDS } from './brands.ts';
import type { PartKind } from './category-node.ts';
import { categoryLeaves } from './collections.ts';
import { seedDemo } from './index.ts';

// the demo's questions and reviews fit the product they are attached to.
// The judge here reads only what a shopper reads on the product page (title, description,
// categories, brand) and its own word lists; it does not ask the generator what it meant.

/** Words that name a kind of part, as a shopper would read them in a review. */
const PART_WORDS: Readonly<Record<string, RegExp>> = {
  wheel: /\bwheels?\b/i,
  tire: /\btires?\b/i,
  roller: /\brollers?\b/i,
  tread: /\btreads?\b/i,
  seal: /\bseals?\b|\bo-rings?\b/i,
  hydraulic: /\bhydraulics?\b|\bleak(s|ed|ing)?\b|\bbleed\b/i,
  pump: /\bpumps?\b/i,
  cylinder: /\bcylinders?\b/i,
  handle: /\bhandles?\b/i,
  chain: /\bchains?\b/i,
  bearing: /\bbearings?\b/i,
  battery: /\bbatter(y|ies)\b/i,
  charger: /\bchargers?\b/i,
  axle: /\baxles?\b/i,
  pin: /\bpins?\b/i,
  brake: /\bbrak(e|es|ing)\b/i,
  fork: /\bforks?\b/i,
  switch: /\bswitch(es)?\b/i,
  controller: /\bcontrollers?\b/i,
  horn: /\bhorns?\b/i,
  light: /\blights?\b/i,
  seat: /\bseats?\b/i,
  filter: /\bfilters?\b/i,
  valve: /\bvalves?\b/i,
};

/** What a text about each kind may talk about besides the words of the product's title. */
const KIND_WORDS: Readonly<Record<PartKind, readonly string[]>> = {
  wheel: ['wheel', 'tread', 'bearing', 'axle'],
  tire: ['tire', 'tread', 'wheel'],
  roller: ['roller', 'bearing', 'axle'],
  'seal-kit': ['seal', 'hydraulic', 'cylinder', 'pump'],
  pump: ['pump', 'seal', 'hydraulic'],
  handle: ['handle'],
  chain: ['chain'],
  bearing: ['bearing'],
  battery: ['battery', 'charger'],
  charger: ['charger', 'battery'],
  axle: ['axle', 'wheel'],
  pin: ['pin'],
  brake: ['brake'],
  fork: ['fork'],
  cylinder: ['cylinder', 'seal', 'hydraulic'],
  switch: ['switch'],
  controller: ['controller'],
  horn: ['horn'],
  light: ['light'],
  seat: ['seat', 'switch'],
  filter: ['filter'],
  part: [],
};

/** Machines a text can name; 'truck' covers the industrial trucks (not a lift table). */
const MACHINES: Readonly<Record<string, RegExp>> = {
  'pallet jack': /\b(pallet )?jacks?\b/i,
  forklift: /\bforklifts?\b/i,
  stacker: /\bstackers?\b/i,
  'lift table': /\blift tables?\b/i,
  truck: /\btrucks?\b/i,
};
const TRUCKS = ['pallet jack', 'forklift', 'stacker'];

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A case-sensitive whole-word match: 'PM' is not in 'PMX' nor 'PM-50'. */
const word = (text: string) => new RegExp(`(?<![\\w-])${escape(text)}(?![\\w-])`);
const BRAND_NAMES = BRANDS.map((brand) => ({ name: brand.name, pattern: word(brand.name) }));
/** Every brand's models; names of one or two letters are ordinary words ('PM' in '3 PM
 * Eastern'), so those count only after their brand ('Rol-Lift PM'). */
const MODELS = BRANDS.flatMap((brand) =>
  brand.models.map((model) => ({
    brand: brand.name,
    model,
    pattern: word(model.length >= 3 ? model : `${brand.name} ${model}`),
  })),
);

const KIND_OF_CATEGORY = new Map(categoryLeaves().map((leaf) => [leaf.node.handle, leaf.node]));
const plain = (html: string) =>
  html
    .replace(/<script>.*?<\/script>/gs, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

interface Shown {
  kind: PartKind;
  vendor: string;
  /** Models the title ('... for PTH50 (...)') and description ('including the ...') name. */
  models: Set<string>;
  /** Part words and machines the product's own page backs. */
  parts: Set<string>;
  machines: Set<string>;
}

interface ProductRow {
  id: number;
  vendor: string;
  title: string;
  description_html: string;
  category: string;
  collections: string;
}

function shown(row: ProductRow): Shown {
  const leaf = KIND_OF_CATEGORY.get(row.category);
  if (!leaf?.kind) throw new Error(`product ${row.id} is not filed in a category first`);
  const title = plain(row.title);
  const models = new Set<string>();
  const forModel = / for (.+) \([^()]+\)$/.exec(title)?.[1];
  if (forModel) models.add(forModel);
  const including = /including the ([^<]+)\.<\/p>/.exec(row.description_html)?.[1];
  for (const model of including?.split(', ') ?? []) models.add(model);
  const own = `${title} ${leaf.title}`;
  const parts = new Set(KIND_WORDS[leaf.kind]);
  for (const [name, pattern] of Object.entries(PART_WORDS)) if (pattern.test(own)) parts.add(name);
  const places = `${title} ${row.collections}`.toLowerCase();
  const machines = new Set(Object.keys(MACHINES).filter((m) => places.includes(m)));
  if (TRUCKS.some((m) => machines.has(m))) machines.add('truck');
  return { kind: leaf.kind, vendor: row.vendor, models, parts, machines };
}

/** What is wrong with a text about this product, or [] when it fits. */
function misfits(text: string, product: Shown): string[] {
  const wrong: string[] = [];
  for (const { name, pattern } of BRAND_NAMES) {
    if (name !== product.vendor && pattern.test(text)) wrong.push(`brand ${name}`);
  }
  for (const { brand, model, pattern } of MODELS) {
    if (!pattern.test(text)) continue;
    const fits = BRANDS.some(
      (b) => b.name === product.vendor && b.models.includes(model) && product.models.has(model),
    );
    if (!fits) wrong.push(`model ${brand} ${model}`);
  }
  for (const [name, pattern] of Object.entries(PART_WORDS)) {
    if (pattern.test(text) && !product.parts.has(name)) wrong.push(`part ${name}`);
  }
  for (const [name, pattern] of Object.entries(MACHINES)) {
    if (pattern.test(text) && !product.machines.has(name)) wrong.push(`machine ${name}`);
  }
  return wrong;
}

/** True when the text speaks of the part: a word of its kind or of its title. */
const aboutItsPart = (text: string, product: Shown) =>
  Object.entries(PART_WORDS).some(
    ([name, pattern]) => product.parts.has(name) && pattern.test(text),
  );

describe.each([
  { products: 2000, seed: 1 },
  { products: 500, seed: 7 },
])('the demo questions and reviews of $products products (seed $seed)', (options) => {
  const products = new Map<number, Shown & { title: string }>();
  let reviews: { product_id: number; text: string }[] = [];
  let questions: { product_id: number | null; text: string }[] = [];
  /** Each product's fitted models, as '{brand} {code}' (issue 31). */
  const fitted = new Map<number, Set<string>>();

  beforeAll(() => {
    const db = openDatabase(':memory:');
    seedDemo(db, options);
    const rows = db
      .prepare(
        `SELECT p.id, p.vendor, p.title, p.description_html,
           (SELECT c.handle FROM product_collections pc JOIN collections c ON c.id = pc.collection_id
             WHERE pc.product_id = p.id AND pc.position = 0) AS category,
           (SELECT group_concat(c.title, ' | ') FROM product_collections pc
             JOIN collections c ON c.id = pc.collection_id WHERE pc.product_id = p.id) AS collections
         FROM products p`,
      )
      .all() as unknown as ProductRow[];
    for (const row of rows) products.set(row.id, { ...shown(row), title: plain(row.title) });
    const fitment = db
      .prepare(
        `SELECT f.product_id AS id, m.brand || ' ' || m.code AS machine
         FROM product_fitment f JOIN machine_models m ON m.id = f.model_id`,
      )
      .all() as { id: number; machine: string }[];
    for (const { id, machine } of fitment)
      fitted.set(id, (fitted.get(id) ?? new Set()).add(machine));
    reviews = db
      .prepare("SELECT product_id, title || ' | ' || body AS text FROM reviews")
      .all() as typeof reviews;
    questions = (
      db.prepare('SELECT product_id, title, body, answer_html FROM questions').all() as {
        product_id: number | null;
        title: string;
        body: string;
        answer_html: string;
      }[]
    ).map((q) => ({
      product_id: q.product_id,
      text: `${q.title} | ${q.body} | ${plain(q.answer_html)}`,
    }));
  });

  const product = (id: number) => {
    const found = products.get(id);
    if (!found) throw new Error(`no product ${id}`);
    return found;
  };

  it('reviews name only the brand, models, part and machine of their product', () => {
    expect(reviews.length).toBeGreaterThan(options.products * 2);
    const wrong = reviews
      .map((r) => ({ ...r, wrong: misfits(r.text, product(r.product_id)) }))
      .filter((r) => r.wrong.length > 0)
      .map((r) => `${r.product_id} ${product(r.product_id).title}: "${r.text}" ${r.wrong.join()}`);
    expect(wrong.slice(0, 10)).toEqual([]);
  });

  it('questions name only the brand, models, part and machine of their product', () => {
    const attached = questions.filter((q) => q.product_id !== null);
    expect(attached.length).toBeGreaterThan(15);
    const wrong = attached
      .map((q) => ({ ...q, wrong: misfits(q.text, product(q.product_id ?? 0)) }))
      .filter((q) => q.wrong.length > 0)
      .map(
        (q) => `${q.product_id} ${product(q.product_id ?? 0).title}: "${q.text}" ${q.wrong.join()}`,
      );
    expect(wrong).toEqual([]);
  });

  it("ask about a machine only on a part whose fitment lists it (issue 31's data)", () => {
    const machines = demoModels().map((model) => `${model.brand} ${model.code}`);
    const named = questions
      .filter((q) => q.product_id !== null)
      .flatMap((q) =>
        machines
          .filter((machine) => word(machine).test(q.text))
          .map((machine) => ({ id: q.product_id ?? 0, machine })),
      );
    expect(named.length).toBeGreaterThan(0);
    const unlisted = named.filter(({ id, machine }) => !fitted.get(id)?.has(machine));
    expect(unlisted).toEqual([]);
  });

  it('are written for the part: most name it, and the questions ask about its models', () => {
    const about = reviews.filter((r) => aboutItsPart(r.text, product(r.product_id)));
    expect(about.length / reviews.length).toBeGreaterThan(0.4);
    const attached = questions.filter((q) => q.product_id !== null);
    const asked = attached.filter((q) => aboutItsPart(q.text, product(q.product_id ?? 0)));
    expect(asked.length / attached.length).toBeGreaterThanOrEqual(0.4);
    const naming = attached.filter((q) =>
      [...product(q.product_id ?? 0).models].some((model) => q.text.includes(model)),
    );
    expect(naming.length).toBeGreaterThan(2);
  });
});
