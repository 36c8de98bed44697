import type { MouseEvent, ReactNode } from 'react';
import { CARD_IMAGE_SIZES, type ProductCardView } from '../../lib/catalog/product-card.ts';
import './brand-button.css';
import './product-card.css';

/** The card's add button: its words, its state, and what a click does or what wires it. */
export interface CardButton {
  /** 'Add to Cart', 'Sold out', or the retry words while an add is retried. */
  label: string;
  disabled: boolean;
  busy?: boolean;
  /** The inventory level the button adds (spec storefront 3: the card's first level). */
  levelId?: number | undefined;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  /**
   * Static pages: the stock src/islands/card-add reads from the button's data attributes to
   * wire every card of the page at once (available null: unlimited stock).
   */
  wiring?: { available: number | null; forSale: boolean };
}

interface Props {
  view: ProductCardView;
  /** null: the product has nothing to add from a card, so the card links to its page. */
  button: CardButton | null;
  /** Above the fold: load the image at once. */
  eager?: boolean;
  /** The image's rendered width, for srcset: half a phone or a 250 px column by default. */
  sizes?: string;
  /** Over the image: the quick-view button, the strip's remove button. */
  overlay?: ReactNode;
  /** Before the add button: the Compare box. */
  actions?: ReactNode;
  /** The results list's summary, shown in its list view. */
  summary?: string;
}

/**
 * The store's one product card (spec storefront 2, "Card content"): image, title, vendor
 * link, rating, price and the add button (spec storefront 4, the card rule). Rendered on the
 * server alone in the static grids and sliders (ProductCard.astro) and inside the results
 * list and the recently viewed strip, so each list shows the same card.
 */
export function ProductCard({
  view,
  button,
  eager = false,
  sizes = CARD_IMAGE_SIZES,
  overlay,
  actions,
  summary,
}: Props) {
  return (
    <article className="pc-card" aria-label={view.title}>
      <div className="pc-image">
        <a href={view.href} tabIndex={-1} aria-hidden="true">
          <img
            src={view.image}
            srcSet={view.srcset}
            sizes={view.srcset ? sizes : undefined}
            alt=""
            width={400}
            height={400}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        </a>
        {view.soldOut && <span className="pc-badge">Sold out</span>}
        {overlay}
      </div>
      <div className="pc-body">
        <h3 className="pc-title">
          <a href={view.href}>{view.title}</a>
        </h3>
        {view.vendorHref && (
          <p className="pc-vendor">
            <a href={view.vendorHref}>{view.vendor}</a>
          </p>
        )}
        <p className="pc-rating">
          <span className="pc-stars" role="img" aria-label={view.starsLabel}>
            {'★'.repeat(view.stars) + '☆'.repeat(5 - view.stars)}
          </span>
          <span>{view.reviewText}</span>
        </p>
        {summary && <p className="pc-summary">{summary}</p>}
        <p className="pc-price">
          <span className="pc-now">{view.price.price}</span>
          {view.price.compareAt && (
            <>
              <s className="pc-was">
                <span className="visually-hidden">Was </span>
                {view.price.compareAt}
              </s>
              <span className="pc-save">save {view.price.saving}</span>
            </>
          )}
        </p>
        <div className="pc-actions">
          {actions}
          {button ? (
            <button
              type="button"
              className="brand-button pc-add"
              data-card-add-button={button.wiring ? '' : undefined}
              data-level-id={button.levelId}
              data-available={button.wiring ? (button.wiring.available ?? 'unlimited') : undefined}
              data-for-sale={button.wiring ? String(button.wiring.forSale) : undefined}
              disabled={button.disabled}
              aria-busy={button.busy || undefined}
              aria-label={`${button.label}: ${view.title}`}
              onClick={button.onClick}
            >
              {button.label}
            </button>
          ) : (
            <a
              className="brand-button pc-add"
              href={view.href}
              aria-label={`View Details: ${view.title}`}
            >
              View Details
            </a>
          )}
        </div>
      </div>
    </article>
  );
}
