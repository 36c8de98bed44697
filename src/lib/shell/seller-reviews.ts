import type { SiteReviewRecord } from '../../../shared/contracts/catalogue-records.ts';
import { MOBILE_BREAKPOINT } from './slider.ts';
import { enhanceCarousel } from './slider-carousel.ts';
import type { SliderController } from './slider-controller.ts';

/**
 * The seller reviews carousel (spec account-and-shell 2.10, 3 and 9): which reviews show and
 * how the looping track moves. The component renders the list COPIES times in a row and
 * keeps its position inside the middle copy, so moving past either end never shows a gap.
 */

/** spec account-and-shell 9: "Reviews: fetch limit 6". */
export const REVIEWS_LIMIT = 6;
/** spec account-and-shell 2.10 and 9: auto-advance every 3500 ms. */
export const AUTOPLAY_MS = 3500;
/** spec: swipe or drag threshold 50 px. */
export const DRAG_THRESHOLD_PX = 50;
/** spec: slide transition 200 ms. */
export const TRANSITION_MS = 200;
/** spec: desktop card width 300 px, 3 cards visible; mobile 100 percent, 1 card. */
export const CARD_WIDTH_DESKTOP_PX = 300;
export const VISIBLE_DESKTOP = 3;
export const VISIBLE_MOBILE = 1;
/** spec account-and-shell 3: a review without a message shows this. */
export const NO_FEEDBACK = 'No feedback given.';
/** How many times the list is repeated on the track ("the list is repeated to make it seamless"). */
export const COPIES = 3;

/** A site review as the carousel card shows it. */
export interface ReviewCard {
  id: number;
  name: string;
  message: string;
  stars: number;
  url: string;
}

/** A site review record as the siteReviews content collection holds it. */
export type { SiteReviewRecord };

/**
 * The newest `limit` reviews as cards, newest first (the API's order: created, then id);
 * a blank message becomes 'No feedback given.' and stars are kept within 0 to 5.
 */
export function reviewCards(
  records: readonly SiteReviewRecord[],
  limit = REVIEWS_LIMIT,
): ReviewCard[] {
  return [...records]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
    .slice(0, Math.max(0, limit))
    .map(({ id, name, message, stars, url }) => ({
      id,
      name: name.trim() || 'Anonymous',
      message: message.trim() || NO_FEEDBACK,
      stars: Math.min(5, Math.max(0, Math.round(stars))),
      url,
    }));
}

/** The accessible text of a star rating: '4 out of 5 stars'. */
export function starsLabel(stars: number): string {
  return `${String(stars)} out of 5 stars`;
}

/** Cards visible at a viewport width (spec: mobile below 768 px shows 1, desktop 3). */
export function visibleCards(viewportWidth: number): number {
  return viewportWidth < MOBILE_BREAKPOINT ? VISIBLE_MOBILE : VISIBLE_DESKTOP;
}

/** Where the track starts: the first card of the middle copy. */
export function startPosition(count: number): number {
  return Math.max(0, count);
}

/**
 * The position after moving `delta` cards. It may leave the middle copy for one transition;
 * `settle` brings it back afterwards without motion.
 * @example step(6, -1, 6) // 5: the last card of the first copy, showing the same as 11
 */
export function step(position: number, delta: number, count: number): number {
  if (count <= 0) return 0;
  // Never further than one copy beyond the middle one, however fast the clicks come.
  return Math.min(count * 2 + count - 1, Math.max(0, position + delta));
}

/**
 * The same card inside the middle copy: where the track jumps (with no transition) once a
 * move has ended, so the next move in either direction has a full copy to slide into.
 * @example settle(12, 6) // 6
 */
export function settle(position: number, count: number): number {
  if (count <= 0) return 0;
  return count + (((position % count) + count) % count);
}

/** Which card (0 to count - 1) a track position shows first. */
export function cardIndex(position: number, count: number): number {
  if (count <= 0) return 0;
  return ((position % count) + count) % count;
}

/**
 * Cards a drag or swipe moves: dragging left by the threshold or more goes forward one card,
 * right goes back one, less does nothing.
 * @example dragStep(-60) // 1
 */
export function dragStep(dx: number, threshold = DRAG_THRESHOLD_PX): -1 | 0 | 1 {
  if (!Number.isFinite(dx) || Math.abs(dx) < threshold) return 0;
  return dx < 0 ? 1 : -1;
}

/**
 * The seller reviews carousel (spec account-and-shell 2.10) on the site's one carousel
 * controller: the track holds the list COPIES times and moves a card at a time, jumping back
 * into the middle copy unseen once a move has ended; autoplay every `data-interval` ms, held
 * while hovered or focused; a drag of `data-threshold` px moves one card. Only the cards on
 * screen can be reached by keyboard and screen readers. Nothing to do for one review.
 */
export function enhanceReviews(root: HTMLElement): SliderController | undefined {
  const viewport = root.querySelector<HTMLElement>('[data-reviews-viewport]');
  const track = root.querySelector<HTMLElement>('[data-reviews-track]');
  const count = Number(root.dataset['count']);
  if (!viewport || !track || !(count > 1)) return undefined;
  const cards = [...track.querySelectorAll<HTMLElement>('[data-reviews-card]')];
  const threshold = Number(root.dataset['threshold']) || DRAG_THRESHOLD_PX;
  const reducedMotion = window.matchMedia('(prefers-reduced-motion: reduce)');
  let position = startPosition(count);

  for (const card of cards) card.hidden = false;
  for (const control of root.querySelectorAll<HTMLElement>('[hidden]')) {
    if (!control.hasAttribute('data-reviews-card')) control.hidden = false;
  }

  const render = (animate: boolean, dragged = 0) => {
    const width = cards[0]?.offsetWidth ?? 0;
    track.style.transition = animate ? '' : 'none';
    track.style.transform = `translateX(${String(-position * width + dragged)}px)`;
    root.dataset['current'] = String(cardIndex(position, count));
    const visible = visibleCards(window.innerWidth);
    cards.forEach((card, i) => {
      const shown = i >= position && i < position + visible;
      card.inert = !shown;
      card.setAttribute('aria-hidden', String(!shown));
    });
  };
  // After a move into a repeated copy, jump to the same cards in the middle copy unseen.
  const onSettled = () => {
    const settled = settle(position, count);
    if (settled === position) return;
    position = settled;
    render(false);
    void track.offsetWidth; // apply the jump before the next move animates
    track.style.transition = '';
  };
  const move = (delta: number) => {
    onSettled(); // a move that starts mid-transition starts from the settled place
    position = step(position, delta, count);
    render(!reducedMotion.matches);
    if (reducedMotion.matches) onSettled();
  };

  const controller = enhanceCarousel(
    {
      root,
      viewport,
      prev: root.querySelector('[data-reviews-prev]'),
      next: root.querySelector('[data-reviews-next]'),
      pause: root.querySelector('[data-reviews-pause]'),
    },
    {
      move,
      grab: onSettled,
      drag: (dx) => render(false, dx),
      dragStep: (dx) => dragStep(dx, threshold),
      snapBack: () => render(true),
    },
    {
      interval: Number(root.dataset['interval']) || AUTOPLAY_MS,
      pauseLabels: ['Pause reviews', 'Play reviews'],
      holdOnFocus: true,
    },
  );
  track.addEventListener('transitionend', (event) => {
    if (event.target === track) onSettled();
  });
  window.addEventListener('resize', () => render(false));
  render(false);
  return controller;
}
