import type { ResultCardView } from '../../lib/search/result-card.ts';
import { CARD_STILL_TRYING } from '../../stores/cart.ts';
import { singleClick } from '../shared/index.ts';
import { Tooltip } from '../shared/Tooltip.tsx';

/** The quick-view button's tooltip, for a shopper who rests on it (spec storefront 9: 3 s). */
const QUICK_VIEW_TIP = 'Photos, price and stock of this part, without leaving the results.';

/** The add button's state, worked out by the list from the cart stores. */
export interface CardAdd {
  forSale: boolean;
  disabled: boolean;
  busy: boolean;
  /** This card's add is being retried: its button says so (issue 11 item 10). */
  stillTrying: boolean;
  onAdd: () => void;
}

interface Props {
  card: ResultCardView;
  /** null: the product has no inventory level to add, so the card links to its page. */
  add: CardAdd | null;
  /** Ticked for comparison. */
  selected: boolean;
  onCompare: (id: number) => void;
  onQuickView: (card: ResultCardView) => void;
  eager: boolean;
}

const addLabel = (add: CardAdd) =>
  add.busy && add.stillTrying ? CARD_STILL_TRYING : add.forSale ? 'Add to Cart' : 'Sold out';

/**
 * One product of the results list (spec storefront 2, "Card content" and "Results list"):
 * image with the quick-view button over it, title, vendor link, rating, price, the
 * Compare box and the add button (spec storefront 4, the card rule).
 */
export function ResultCard({ card, add, selected, onCompare, onQuickView, eager }: Props) {
  const checkboxId = `compare-${card.id}`;
  return (
    <article className="rl-card" aria-label={card.title}>
      <div className="rl-image">
        <a href={card.href} tabIndex={-1} aria-hidden="true">
          <img
            src={card.image}
            srcSet={card.srcset}
            sizes={card.srcset ? '(max-width: 767px) 50vw, 250px' : undefined}
            alt=""
            width={400}
            height={400}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        </a>
        {card.soldOut && <span className="rl-badge">Sold out</span>}
        <Tooltip kind="quickView" className="rl-quick-anchor" text={QUICK_VIEW_TIP}>
          {(tipId) => (
            <button
              type="button"
              className="rl-quick"
              onClick={() => {
                onQuickView(card);
              }}
              aria-label={`Quick view: ${card.title}`}
              aria-describedby={tipId}
            >
              Quick view
            </button>
          )}
        </Tooltip>
      </div>
      <div className="rl-body">
        <h3 className="rl-title">
          <a href={card.href}>{card.title}</a>
        </h3>
        {card.vendorHref && (
          <p className="rl-vendor">
            <a href={card.vendorHref}>{card.vendor}</a>
          </p>
        )}
        <p className="rl-rating">
          <span className="rl-stars" role="img" aria-label={card.starsLabel}>
            {Array.from({ length: 5 }, (_, i) => (i < card.stars ? '★' : '☆')).join('')}
          </span>
          <span>{card.reviewText}</span>
        </p>
        {card.summary && <p className="rl-summary">{card.summary}</p>}
        <p className="rl-price">
          <span className="rl-now">{card.price.price}</span>
          {card.price.compareAt && (
            <>
              <s className="rl-was">
                <span className="visually-hidden">Was </span>
                {card.price.compareAt}
              </s>
              <span className="rl-save">save {card.price.saving}</span>
            </>
          )}
        </p>
        <div className="rl-actions">
          <label className="rl-compare" htmlFor={checkboxId}>
            <input
              id={checkboxId}
              type="checkbox"
              checked={selected}
              onChange={() => {
                onCompare(card.id);
              }}
              aria-label={`Compare ${card.title}`}
            />
            Compare
          </label>
          {add ? (
            <button
              type="button"
              className="rl-add-button"
              data-level-id={card.inventoryLevelId ?? undefined}
              disabled={add.disabled}
              aria-busy={add.busy || undefined}
              aria-label={`${addLabel(add)}: ${card.title}`}
              onClick={singleClick(add.onAdd)}
            >
              {addLabel(add)}
            </button>
          ) : (
            <a className="rl-add-link" href={card.href} aria-label={`View Details: ${card.title}`}>
              View Details
            </a>
          )}
        </div>
      </div>
    </article>
  );
}

/** A grey placeholder card while the list loads (spec storefront 9: 8 skeleton cards). */
export function SkeletonCard() {
  return (
    <div className="rl-card rl-skeleton" aria-hidden="true">
      <div className="rl-sk-image" />
      <div className="rl-sk-line" />
      <div className="rl-sk-line rl-sk-short" />
      <div className="rl-sk-line rl-sk-short" />
    </div>
  );
}
