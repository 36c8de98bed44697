import { describe, expect, it } from 'vitest';
import { resolveReplySchema, type ResolvedLine } from '../../../shared/contracts/quick-order.ts';
import { readResolveReply } from './resolve-reply.ts';

const product = { id: 1, handle: 'w', title: 'Wheel', vendor: 'Crown', sku: 'W-1', imageUrl: null };
const variant = { id: 2, title: '', sku: 'W-1', levelId: 3, price: 40, available: null, inCart: 0 };
const lines: ResolvedLine[] = [
  {
    status: 'resolved',
    product,
    variant,
    lineTotal: 40,
    reference: { brand: 'Raymond', number: '1-2345', relation: 'interchangeable' },
    supersededBy: { ...product, id: 9 },
    problem: 'Wheel is out of stock.',
  },
  {
    status: 'options',
    product,
    options: ['Size'],
    variants: [{ ...variant, values: { Size: 'Large' }, forSale: true }],
  },
  {
    status: 'choose',
    candidates: [
      { ...product, match: 'own' },
      { ...product, id: 4, match: 'own' },
    ],
  },
  { status: 'unknown', suggestions: [] },
];

describe('readResolveReply', () => {
  it("takes what the server's own schema takes", () => {
    expect(resolveReplySchema.parse({ lines })).toEqual({ lines });
    expect(readResolveReply({ lines })).toEqual(lines);
  });

  it('refuses a reply of another shape whole', () => {
    const broken: unknown[] = [
      null,
      { lines: 'x' },
      { lines: [{ status: 'resolved', product, lineTotal: 40 }] },
      { lines: [{ status: 'maybe' }] },
      { lines: [{ status: 'choose', candidates: [{ ...product, match: 'fits' }] }] },
      { lines: [{ ...lines[0], variant: { ...variant, price: '40' } }] },
      { lines: [{ ...lines[1], variants: [{ ...variant, values: { Size: 3 }, forSale: true }] }] },
    ];
    for (const body of broken) expect(readResolveReply(body), JSON.stringify(body)).toBeUndefined();
  });
});
