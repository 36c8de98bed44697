import { swipeDirection, wrapIndex } from './slider.ts';
import { enhanceCarousel } from './slider-carousel.ts';
import type { SliderController } from './slider-controller.ts';

/** spec storefront 9: "Hero interval 7500 ms, drag threshold 15 percent". */
export const HERO_INTERVAL_MS = 7500;
export const HERO_DRAG_THRESHOLD = 0.15;

/**
 * The hero slideshow (spec storefront 2 and 9) on the site's one carousel controller: one
 * slide a view, looping, with dots; autoplay every `data-interval` ms; a drag of 15 percent of
 * the width changes the slide. Off-screen slides are inert. Nothing to do for one slide.
 */
export function enhanceHero(root: HTMLElement): SliderController | undefined {
  const viewport = root.querySelector<HTMLElement>('[data-hero-viewport]');
  const track = root.querySelector<HTMLElement>('[data-hero-track]');
  if (!viewport || !track || track.children.length < 2) return undefined;
  const count = track.children.length;
  const dots = [...root.querySelectorAll<HTMLButtonElement>('[data-hero-dot]')];
  const slides = [...root.querySelectorAll<HTMLElement>('[data-hero-slide]')];
  let index = 0;

  const render = (offset = 0) => {
    track.style.transform = `translateX(calc(${String(-index * 100)}% + ${String(offset)}px))`;
    root.dataset['current'] = String(index);
    dots.forEach((dot, i) => {
      if (i === index) dot.setAttribute('aria-current', 'true');
      else dot.removeAttribute('aria-current');
    });
    slides.forEach((slide, i) => {
      slide.inert = i !== index;
    });
  };
  const goTo = (target: number) => {
    index = wrapIndex(target, 0, count);
    render();
  };

  const controller = enhanceCarousel(
    {
      root,
      viewport,
      prev: root.querySelector('[data-hero-prev]'),
      next: root.querySelector('[data-hero-next]'),
      pause: root.querySelector('[data-hero-pause]'),
      dots,
    },
    {
      move: (delta) => goTo(index + delta),
      goTo,
      drag: render,
      dragStep: (dx) => swipeDirection(dx, viewport.clientWidth, HERO_DRAG_THRESHOLD),
      snapBack: () => render(),
    },
    {
      interval: Number(root.dataset['interval']) || HERO_INTERVAL_MS,
      pauseLabels: ['Pause slideshow', 'Play slideshow'],
      blockClick: false,
    },
  );
  render();
  return controller;
}
