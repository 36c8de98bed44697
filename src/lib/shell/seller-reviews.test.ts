import { describe, expect, it } from 'vitest';
import {
  AUTOPLAY_MS,
  cardIndex,
  COPIES,
  DRAG_THRESHOLD_PX,
  dragStep,
  NO_FEEDBACK,
  REVIEWS_LIMIT,
  reviewCards,
  settle,
  starsLabel,
  startPosition,
  step,
  TRANSITION_MS,
  visibleCards,
  type SiteReviewRecord,
} from './seller-reviews.ts';

const record = (id: number, extra: Partial<SiteReviewRecord> = {}): SiteReviewRecord => ({
  id,
  url: `https://reviews.example/r/${String(id)}`,
  message: `Review ${String(id)}`,
  name: `Buyer ${String(id)}`,
  stars: 5,
  createdAt: `2026-01-${String(10 + id).padStart(2, '0')}T00:00:00.000Z`,
  ...extra,
});

describe('constants of the spec', () => {
  it('match account-and-shell 9', () => {
    expect([REVIEWS_LIMIT, AUTOPLAY_MS, DRAG_THRESHOLD_PX, TRANSITION_MS]).toEqual([
      6, 3500, 50, 200,
    ]);
    expect(NO_FEEDBACK).toBe('No feedback given.');
  });
});

describe('reviewCards', () => {
  it('keeps the 6 newest, newest first', () => {
    const cards = reviewCards([1, 2, 3, 4, 5, 6, 7, 8].map((id) => record(id)));
    expect(cards.map((card) => card.id)).toEqual([8, 7, 6, 5, 4, 3]);
  });

  it('orders reviews of the same time by id, newest first', () => {
    const at = '2026-02-01T00:00:00.000Z';
    const cards = reviewCards([record(1, { createdAt: at }), record(2, { createdAt: at })]);
    expect(cards.map((card) => card.id)).toEqual([2, 1]);
  });

  it("shows 'No feedback given.' for a blank message and a name for a blank one", () => {
    const [card] = reviewCards([record(1, { message: '   ', name: '' })]);
    expect(card).toMatchObject({ message: NO_FEEDBACK, name: 'Anonymous' });
  });

  it('keeps stars within 0 to 5 and does not change its input', () => {
    const input = [record(1, { stars: 9 }), record(2, { stars: -1 })];
    const copy = structuredClone(input);
    expect(reviewCards(input).map((card) => card.stars)).toEqual([0, 5]);
    expect(input).toEqual(copy);
  });

  it('returns nothing for no reviews or a limit of 0', () => {
    expect(reviewCards([])).toEqual([]);
    expect(reviewCards([record(1)], 0)).toEqual([]);
  });
});

describe('starsLabel', () => {
  it('reads as a person would say it', () => {
    expect(starsLabel(4)).toBe('4 out of 5 stars');
  });
});

describe('visibleCards', () => {
  it('shows 1 card below 768 px and 3 from 768 px', () => {
    expect([412, 767, 768, 1280].map(visibleCards)).toEqual([1, 1, 3, 3]);
  });
});

describe('the looping track', () => {
  const count = 6;

  it('starts on the first card of the middle copy', () => {
    expect(COPIES).toBe(3);
    expect(startPosition(count)).toBe(6);
    expect(cardIndex(startPosition(count), count)).toBe(0);
  });

  it('moves forward past the last card and settles back into the middle copy', () => {
    let position = startPosition(count);
    const shown: number[] = [];
    for (let i = 0; i < 8; i += 1) {
      position = settle(step(position, 1, count), count);
      shown.push(cardIndex(position, count));
    }
    expect(shown).toEqual([1, 2, 3, 4, 5, 0, 1, 2]);
    expect(position).toBeGreaterThanOrEqual(count);
    expect(position).toBeLessThan(count * 2);
  });

  it('moves back from the first card to the last, through the first copy', () => {
    const back = step(startPosition(count), -1, count);
    expect(back).toBe(5);
    expect(cardIndex(back, count)).toBe(5);
    expect(settle(back, count)).toBe(11);
  });

  it('never leaves the repeated list, even for many moves before one settles', () => {
    expect(step(6, -100, count)).toBe(0);
    expect(step(6, 100, count)).toBe(17);
    expect(cardIndex(17, count)).toBe(5);
  });

  it('handles an empty list', () => {
    expect(step(0, 1, 0)).toBe(0);
    expect(settle(3, 0)).toBe(0);
    expect(cardIndex(3, 0)).toBe(0);
    expect(startPosition(0)).toBe(0);
  });
});

describe('dragStep', () => {
  it('moves one card for a drag of 50 px or more', () => {
    expect(dragStep(-50)).toBe(1);
    expect(dragStep(-300)).toBe(1);
    expect(dragStep(50)).toBe(-1);
  });

  it('does nothing for a shorter drag or a bad number', () => {
    expect(dragStep(-49)).toBe(0);
    expect(dragStep(49)).toBe(0);
    expect(dragStep(0)).toBe(0);
    expect(dragStep(Number.NaN)).toBe(0);
  });
});
