import { useStore } from '@nanostores/react';
import { useEffect, useRef, type CSSProperties } from 'react';
import { productCardView, type CardSettings } from '../../lib/catalog/product-card.ts';
import { recentIdsToShow, RECENTLY_VIEWED_TITLE } from '../../lib/product/recently-viewed.ts';
import { sliderItemStyle } from '../../lib/shell/slider.ts';
import { enhanceSlider, type SliderController } from '../../lib/shell/slider-controller.ts';
import { $recentlyViewed, removeRecentlyViewed } from '../../stores/recently-viewed.ts';
import { singleClick, withErrorBoundary } from '../shared/index.ts';
import { ProductCard } from '../shared/ProductCard.tsx';
import { stripArrows, stripFailure } from '../shared/strip-parts.tsx';
import { useProductCards } from '../shared/use-product-cards.ts';
import '../shared/round-button.css';
import '../shared/slider.css';
import './recently-viewed.css';

interface Props {
  /** The page's own product, left out of the strip. */
  currentId?: number | undefined;
  settings: CardSettings;
}

/**
 * The recently viewed strip (spec storefront 2, history mode; 4): cards for the ids in
 * $recentlyViewed, always a slider (the same arrows, 15 percent swipe and steps as the
 * prerendered strips), each with a remove button that takes it off the list and hides the
 * card. Cards come from one GET /api/products?productIds= call; ids already fetched are not
 * asked again when the list changes (another tab, a removal).
 */
function RecentlyViewed({ currentId, settings }: Props) {
  const ids = useStore($recentlyViewed);
  const shownIds = recentIdsToShow(ids, currentId);
  const [cards, failure, setAttempt] = useProductCards(shownIds);
  const views = cards.map((card) => productCardView(card, settings));
  const headingRef = useRef<HTMLHeadingElement>(null);

  const shown = views.length > 0 || failure !== null;
  const viewsKey = views.map((view) => view.id).join(',');

  const [rootRef, viewportRef, trackRef, prevRef, nextRef] = useSlider(shown, viewsKey);

  if (!shown) return null;

  const remove = (id: number, position: number) => {
    removeRecentlyViewed(id);
    // Keep the keyboard where it was: the next card's remove button, or the heading.
    const buttons = trackRef.current?.querySelectorAll<HTMLButtonElement>('[data-remove]');
    const next = buttons?.[position + 1] ?? buttons?.[position - 1];
    if (next) next.focus();
    else headingRef.current?.focus();
  };

  return (
    <section className="recent" ref={rootRef} aria-labelledby="recently-viewed-heading">
      <div className="recent-head">
        <h2 id="recently-viewed-heading" ref={headingRef} tabIndex={-1}>
          {RECENTLY_VIEWED_TITLE}
        </h2>
        {/* Kept in the page (hidden) with one card, for the slider to hold on to. */}
        <div className="recent-arrows" hidden={views.length < 2}>
          {stripArrows(RECENTLY_VIEWED_TITLE, prevRef, nextRef)}
        </div>
      </div>
      {failure !== null &&
        stripFailure('recent-error', 'Recently viewed products', failure, () => {
          setAttempt((n) => n + 1);
        })}
      <div className="recent-viewport" ref={viewportRef}>
        <ul
          className="recent-track slider-track"
          ref={trackRef}
          style={sliderItemStyle() as CSSProperties}
        >
          {views.map((view, position) => (
            <li key={view.id} className="recent-item slider-item">
              <ProductCard
                view={view}
                button={null}
                overlay={
                  <button
                    type="button"
                    className="recent-remove round-button"
                    data-remove
                    aria-label={`Remove ${view.title} from recently viewed`}
                    onClick={singleClick(() => {
                      remove(view.id, position);
                    })}
                  >
                    <span aria-hidden="true">×</span>
                  </button>
                }
              />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

/**
 * The slider over the strip (src/lib/shell/slider-controller.ts) and the refs for its parts:
 * it takes the strip once the strip is on the page (`shown`), and lays out again when cards
 * come or go (`viewsKey`; a removal keeps the position valid).
 */
function useSlider(shown: boolean, viewsKey: string) {
  const rootRef = useRef<HTMLElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLUListElement>(null);
  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const slider = useRef<SliderController | null>(null);

  useEffect(() => {
    const [root, viewport, track, prev, next] = [
      rootRef.current,
      viewportRef.current,
      trackRef.current,
      prevRef.current,
      nextRef.current,
    ];
    if (!shown || !root || !viewport || !track || !prev || !next) return;
    const controller = enhanceSlider({ root, viewport, track, prev, next });
    slider.current = controller;
    return () => {
      controller.destroy();
      slider.current = null;
    };
  }, [shown]);
  useEffect(() => {
    slider.current?.refresh();
  }, [viewsKey]);
  return [rootRef, viewportRef, trackRef, prevRef, nextRef] as const;
}

export default withErrorBoundary(RecentlyViewed);
