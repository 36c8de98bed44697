import { PART_KINDS, type PartKind } from './category-node.ts';
import { PRODUCT_QUESTIONS, type QuestionTemplate } from './question-texts.ts';
import type { Random } from './random.ts';
import { REVIEW_TEMPLATES, type ReviewTemplate, type Stars } from './review-texts.ts';

/**
 * What a demo product is, as its reviews and questions may speak of it (
 * a Crown PTH50 question must not sit on an EP battery): its kind of part, the words of its
 * title, its brand, the models its title and description name, and the machine its
 * category is for.
 */
export interface PartFit {
  kind: PartKind;
  /** The title's noun in running text: 'load wheel', 'AGM battery'. */
  part: string;
  brand: string;
  /** Models the product's page names ('for PTH50', 'including the PTH50, PE4500'); may be empty. */
  models: readonly string[];
  /** 'pallet jack', 'forklift', 'stacker', 'lift table', or 'equipment' when none fits. */
  machine: string;
  /** Plural of machine: 'pallet jacks', ..., 'units'. */
  machines: string;
}

/** Machines named by the category path, singular and plural; the first found wins. */
const MACHINES = [
  ['pallet jack', 'pallet jacks'],
  ['forklift', 'forklifts'],
  ['stacker', 'stackers'],
  ['lift table', 'lift tables'],
] as const;

interface Machine {
  machine: string;
  machines: string;
}
/** Per category path: the demo asks once per product, 100,000 times at bench size. */
const machineCache = new WeakMap<readonly { title: string }[], Machine>();

/**
 * The machine a product's category is for, from the titles of its path (outermost first).
 * @example machineOf([{ title: 'Batteries' }, { title: 'Forklift Batteries' }])
 *   // { machine: 'forklift', machines: 'forklifts' }
 */
export function machineOf(path: readonly { title: string }[]): Machine {
  const known = machineCache.get(path);
  if (known) return known;
  const titles = path.map((node) => node.title.toLowerCase()).join(' / ');
  const [machine, machines] = MACHINES.find(([one]) => titles.includes(one)) ?? [
    'equipment',
    'units',
  ];
  const found = { machine, machines };
  machineCache.set(path, found);
  return found;
}

const partNames = new Map<string, string>();

/**
 * A title noun as running text: lower case, but acronyms stay ('AGM Battery' -> 'AGM battery').
 * @example partName('On-Board Charger') // 'on-board charger'
 */
export function partName(noun: string): string {
  let name = partNames.get(noun);
  if (name === undefined) {
    name = noun
      .split(' ')
      .map((word) => (/^[A-Z]{2,}$/.test(word) ? word : word.toLowerCase()))
      .join(' ');
    partNames.set(noun, name);
  }
  return name;
}

/** Fills {part}, {brand}, {model}, {machine} and {machines} in a template text. */
export function fillTemplate(text: string, fit: PartFit, model: string): string {
  if (!text.includes('{')) return text;
  return text.replace(/\{(part|brand|model|machine|machines)\}/g, (_, key: string) => {
    if (key === 'part') return fit.part;
    if (key === 'brand') return fit.brand;
    if (key === 'model') return model;
    return key === 'machine' ? fit.machine : fit.machines;
  });
}

interface Template {
  kinds?: readonly PartKind[];
  title: string;
  body: string;
  answer?: string;
}

/** The templates one product can use: those written for its kind, and those for any part. */
interface Pool<T> {
  own: readonly T[];
  any: readonly T[];
}

const namesModel = (t: Template) => `${t.title} ${t.body} ${t.answer ?? ''}`.includes('{model}');

/** Pools per kind, [0] without the templates that need a model, [1] with all of them. */
function poolsByKind<T extends Template>(
  templates: readonly T[],
): Record<PartKind, readonly [Pool<T>, Pool<T>]> {
  const pool = (kind: PartKind, withModel: boolean): Pool<T> => {
    const usable = templates.filter((t) => withModel || !namesModel(t));
    return {
      own: usable.filter((t) => t.kinds?.includes(kind)),
      any: usable.filter((t) => !t.kinds),
    };
  };
  return Object.fromEntries(
    PART_KINDS.map((kind) => [kind, [pool(kind, false), pool(kind, true)] as const]),
  ) as Record<PartKind, readonly [Pool<T>, Pool<T>]>;
}

const REVIEW_POOLS = Object.fromEntries(
  ([1, 2, 3, 4, 5] as const).map((stars) => [
    stars,
    poolsByKind(REVIEW_TEMPLATES.filter((t) => t.stars === stars)),
  ]),
) as Record<Stars, Record<PartKind, readonly [Pool<ReviewTemplate>, Pool<ReviewTemplate>]>>;
const QUESTION_POOLS = poolsByKind(PRODUCT_QUESTIONS);

/** Share of texts written for the kind when it has some (the rest fit any part). */
const OWN_SHARE = 0.6;

/** Templates that name a model, found once rather than for each of 300,000 reviews. */
const NAMING_MODEL = new Set<Template>(
  [...REVIEW_TEMPLATES, ...PRODUCT_QUESTIONS].filter(namesModel),
);

/** An item not in `used`, looking on from a random one; undefined when all are used. */
function pickUnused<T>(rng: Random, items: readonly T[], used?: ReadonlySet<T>): T | undefined {
  if (items.length === 0) return undefined;
  const start = rng.int(0, items.length - 1);
  for (let step = 0; step < items.length; step += 1) {
    const item = items[(start + step) % items.length] as T;
    if (!used?.has(item)) return item;
  }
  return undefined;
}

/**
 * A template from the product's pools, one not in `used` while there are some (so a product's
 * eight reviews are not the same text four times), and the model it names (if it names one).
 */
function choose<T extends Template>(
  rng: Random,
  pools: readonly [Pool<T>, Pool<T>],
  fit: PartFit,
  used?: Set<T>,
): { template: T; model: string } {
  const pool = pools[fit.models.length > 0 ? 1 : 0];
  const own = pool.own.length > 0 && (pool.any.length === 0 || rng.chance(OWN_SHARE));
  const template =
    (own ? pickUnused(rng, pool.own, used) : undefined) ??
    pickUnused(rng, pool.any, used) ??
    rng.pick(own ? pool.own : pool.any);
  used?.add(template);
  return { template, model: NAMING_MODEL.has(template) ? rng.pick(fit.models) : '' };
}

/**
 * A review's title and body for this product and star rating: written for its kind of part,
 * or for any part, naming only its brand, its models and its machine. Pass the same `used`
 * for the reviews of one product to keep them different while the texts last.
 * @example reviewText(rng, fit, 5) // ['Rolls like new', 'The load wheel rolls smooth ...']
 */
export function reviewText(
  rng: Random,
  fit: PartFit,
  stars: Stars,
  used?: Set<ReviewTemplate>,
): [string, string] {
  const { template, model } = choose(rng, REVIEW_POOLS[stars][fit.kind], fit, used);
  return [fillTemplate(template.title, fit, model), fillTemplate(template.body, fit, model)];
}

/** A question about this product, as productQuestion writes it. */
export interface ProductQuestion {
  topicId: number;
  title: string;
  body: string;
  answerHtml: string;
}

/**
 * A shopper's question about this product (topic, title, body, answer; the answer is empty
 * when not answered yet), fitted like reviewText's texts; `used` as there.
 */
export function productQuestion(
  rng: Random,
  fit: PartFit,
  used?: Set<QuestionTemplate>,
): ProductQuestion {
  const { template, model } = choose(rng, QUESTION_POOLS[fit.kind], fit, used);
  return {
    topicId: template.topic,
    title: fillTemplate(template.title, fit, model),
    body: fillTemplate(template.body, fit, model),
    answerHtml: fillTemplate(template.answer, fit, model),
  };
}
