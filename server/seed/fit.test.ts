import { describe, expect, it } from 'vitest';
import { PART_KINDS } from './category-node.ts';
import { categoryLeaves } from './collections.ts';
import {
  fillTemplate,
  machineOf,
  partName,
  productQuestion,
  reviewText,
  type PartFit,
} from './fit.ts';
import { demoPartFit, demoProduct, productContext } from './products.ts';
import { PRODUCT_QUESTIONS, type QuestionTemplate } from './question-texts.ts';
import { createRandom } from './random.ts';
import { REVIEW_TEMPLATES, type ReviewTemplate } from './review-texts.ts';

const wheel: PartFit = {
  kind: 'wheel',
  part: 'load wheel',
  brand: 'Crown',
  models: ['PTH50'],
  machine: 'pallet jack',
  machines: 'pallet jacks',
};

describe('machineOf', () => {
  it('reads the machine from the category path, or says equipment', () => {
    const machines = new Map(
      categoryLeaves().map((leaf) => [leaf.node.handle, machineOf(leaf.path).machine]),
    );
    expect(machines.get('pallet-jack-load-wheels')).toBe('pallet jack');
    expect(machines.get('forklift-brake-shoes')).toBe('forklift');
    expect(machines.get('forklift-batteries')).toBe('forklift');
    expect(machines.get('pallet-jack-chargers')).toBe('pallet jack');
    expect(machines.get('stacker-wheels')).toBe('stacker');
    expect(machines.get('lift-table-rollers')).toBe('lift table');
    expect(
      machineOf([{ title: 'Batteries & Chargers' }, { title: 'Connectors & Cables' }]),
    ).toEqual({ machine: 'equipment', machines: 'units' });
  });
});

describe('partName', () => {
  it('lowers the words of a title noun but keeps acronyms', () => {
    expect(partName('Tandem Load Wheel Assembly')).toBe('tandem load wheel assembly');
    expect(partName('AGM Battery')).toBe('AGM battery');
    expect(partName('On-Board Charger')).toBe('on-board charger');
    expect(partName('LED Work Light')).toBe('LED work light');
  });
});

describe('fillTemplate', () => {
  it('fills every placeholder and leaves other braces alone', () => {
    expect(
      fillTemplate(
        '{brand} {part} for the {model} of our {machine} ({machines}) {x}',
        wheel,
        'PTH50',
      ),
    ).toBe('Crown load wheel for the PTH50 of our pallet jack (pallet jacks) {x}');
    expect(fillTemplate('No placeholder.', wheel, '')).toBe('No placeholder.');
  });
});

describe('templates', () => {
  const placeholders = /\{(?!(part|brand|model|machine|machines)\})[^}]*\}/;

  it('use only the placeholders fillTemplate knows', () => {
    for (const t of [...REVIEW_TEMPLATES, ...PRODUCT_QUESTIONS]) {
      expect(`${t.title} ${t.body} ${'answer' in t ? t.answer : ''}`).not.toMatch(placeholders);
    }
  });

  it('name no brand or model of their own: a product fills them in', () => {
    for (const t of [...REVIEW_TEMPLATES, ...PRODUCT_QUESTIONS]) {
      const text = `${t.title} ${t.body} ${'answer' in t ? t.answer : ''}`;
      expect(text).not.toMatch(/\b(Crown|Raymond|Yale|Hyster|Toyota|PTH50|102T|8FGCU25)\b/);
    }
  });
});

describe('reviewText and productQuestion', () => {
  it('write for every kind and rating, with or without models', () => {
    const rng = createRandom(1, 1);
    for (const kind of PART_KINDS) {
      for (const models of [[], ['PTH50']]) {
        const fit = { ...wheel, kind, models };
        for (const stars of [1, 2, 3, 4, 5] as const) {
          for (let n = 0; n < 20; n += 1) {
            const [title, body] = reviewText(rng, fit, stars);
            expect(title.length).toBeGreaterThan(0);
            expect(`${title} ${body}`).not.toContain('{');
            if (models.length === 0) expect(`${title} ${body}`).not.toContain('PTH50');
          }
        }
        for (let n = 0; n < 20; n += 1) {
          const q = productQuestion(rng, fit);
          expect([1, 2, 3, 4]).toContain(q.topicId);
          expect(`${q.title} ${q.body} ${q.answerHtml}`).not.toContain('{');
        }
      }
    }
  });

  it('use the texts written for the kind as well as those for any part', () => {
    const rng = createRandom(2, 2);
    const titles = new Set(Array.from({ length: 200 }, () => reviewText(rng, wheel, 5)[0]));
    expect(titles).toContain('Rolls like new');
    expect(titles).toContain('Fast shipping');
    expect(titles).not.toContain('Arrived charged');
    const questions = new Set(Array.from({ length: 200 }, () => productQuestion(rng, wheel).title));
    expect(questions).toContain('Will this fit a Crown PTH50?');
    expect(questions).toContain('Does it come with bearings installed?');
    expect(questions).not.toContain('How long does a charge last?');
  });

  it('keep the texts of one product different while there are others', () => {
    const rng = createRandom(4, 4);
    const used = new Set<ReviewTemplate>();
    const titles = Array.from({ length: 8 }, () => reviewText(rng, wheel, 5, used)[0]);
    expect(new Set(titles).size).toBe(8);
    expect(used.size).toBe(8);
    // Once every text for the rating is used, texts repeat rather than fail.
    const more = Array.from({ length: 30 }, () => reviewText(rng, wheel, 1, used)[0]);
    expect(more).toHaveLength(30);
    const asked = new Set<QuestionTemplate>();
    const questions = Array.from({ length: 10 }, () => productQuestion(rng, wheel, asked).title);
    expect(new Set(questions).size).toBe(10);
  });

  it('are the same for the same stream', () => {
    const a = createRandom(3, 9);
    const b = createRandom(3, 9);
    expect(reviewText(a, wheel, 4)).toEqual(reviewText(b, wheel, 4));
    expect(productQuestion(a, wheel)).toEqual(productQuestion(b, wheel));
  });
});

describe('demoPartFit', () => {
  it('describes the demo product without taking its handle', () => {
    const ctx = productContext(1, 50);
    for (let index = 0; index < 50; index += 1) {
      const fit = demoPartFit(ctx, index);
      const product = demoProduct(productContext(1, 50), index);
      expect(product.vendor).toBe(fit.brand);
      expect(product.title.toLowerCase()).toContain(fit.part.toLowerCase());
      for (const model of fit.models) {
        expect(`${product.title} ${product.descriptionHtml}`).toContain(model);
      }
    }
    expect(ctx.handles.size).toBe(0);
  });
});
