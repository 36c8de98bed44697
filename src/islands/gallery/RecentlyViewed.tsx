import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { fetchCards, type ApiCard } from '../../lib/product/media-api.ts';
import { productCardView, type CardSettings } from '../../lib/catalog/product-card.ts';
import { recentIdsToShow, RECENTLY_VIEWED_TITLE } from '../../lib/product/recently-viewed.ts';
import { sliderItemStyle } from '../../lib/shell/slider.ts';
import { enhanceSlider, type SliderController } from '../../lib/shell/slider-controller.ts';
import { $recentlyViewed, removeRecentlyViewed } from '../../stores/recently-viewed.ts';
import { singleClick, withErrorBoundary } from '../shared/index.ts';
import { ProductCard } from '../shared/ProductCard.tsx';
import '../shared/round-button.css';
import '../shared/slider.css';
import './recently-viewed.css';

interface Props {
  /** The page's own product, left out of the strip. */
  currentId?: number | undefined;
  settings: CardSettings;
}

type Load = { status: 'idle' | 'loading' } | { status: 'failed'; message: string };

/**
 * The recently viewed strip (spec storefront 2, history mode; 4): cards for the ids in
 * $recentlyViewed, always a slider (the same arrows, 15 percent swipe and steps as the
 * prerendered strips), each with a remove button that takes it off the list and hides the
 * card. Cards come from one GET /api/products?productIds= call; ids already fetched are not
 * asked again when the list changes (another tab, a removal).
 */
function RecentlyViewed({ currentId, settings }: Props) {
  const ids = useStore($recentlyViewed);
  const shownIds = useMemo(() => recentIdsToShow(ids, currentId), [ids, currentId]);
  const [cards, setCards] = useState<ReadonlyMap<number, ApiCard>>(new Map());
  const [missing, setMissing] = useState<ReadonlySet<number>>(new Set());
  const [load, setLoad] = useState<Load>({ status: 'idle' });
  const [attempt, setAttempt] = useState(0);
  const rootRef = useRef<HTMLElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const trackRef = useRef<HTMLUListElement>(null);
  const prevRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const slider = useRef<SliderController | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const wanted = shownIds.filter((id) => !cards.has(id) && !missing.has(id));
  const wantedKey = wanted.join(',');

  useEffect(() => {
    if (wantedKey === '') return;
    const asked = wantedKey.split(',').map(Number);
    const controller = new AbortController();
    setLoad({ status: 'loading' });
    fetchCards(asked, controller.signal).then(
      (result) => {
        if (!result.ok) {
          setLoad({ status: 'failed', message: result.message });
          return;
        }
        setCards((before) => new Map([...before, ...result.value.map((c) => [c.id, c] as const)]));
        // Ids the API no longer knows (a deleted product) are not asked for again.
        const found = new Set(result.value.map((c) => c.id));
        setMissing((before) => new Set([...before, ...asked.filter((id) => !found.has(id))]));
        setLoad({ status: 'idle' });
      },
      () => {
        /* aborted: the list changed or the page is going away */
      },
    );
    return () => {
      controller.abort();
    };
  }, [wantedKey, attempt]);

  const views = shownIds.flatMap((id) => {
    const card = cards.get(id);
    return card ? [productCardView(card, settings)] : [];
  });

  const shown = views.length > 0 || load.status === 'failed';
  const viewsKey = views.map((view) => view.id).join(',');

  // The slider takes the strip once it is on the page, and lays out again when cards come
  // or go (a removal keeps the position valid).
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
          <button
            type="button"
            className="round-button"
            ref={prevRef}
            aria-label={`Previous ${RECENTLY_VIEWED_TITLE}`}
          >
            <span aria-hidden="true">‹</span>
          </button>
          <button
            type="button"
            className="round-button"
            ref={nextRef}
            aria-label={`Next ${RECENTLY_VIEWED_TITLE}`}
          >
            <span aria-hidden="true">›</span>
          </button>
        </div>
      </div>
      {load.status === 'failed' && (
        <p className="recent-error" role="alert">
          Recently viewed products could not be loaded: {load.message}{' '}
          <button
            type="button"
            onClick={() => {
              setAttempt((n) => n + 1);
            }}
          >
            Try again
          </button>
        </p>
      )}
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

export default withErrorBoundary(RecentlyViewed);
