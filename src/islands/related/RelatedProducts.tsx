import { useEffect, useRef, type CSSProperties } from 'react';
import { productCardView, type CardSettings } from '../../lib/catalog/product-card.ts';
import { RELATED_TITLE } from '../../lib/product/related.ts';
import { apiCardStock } from '../../lib/product/quantity.ts';
import { sliderItemStyle, sliderModes } from '../../lib/shell/slider.ts';
import { enhanceStrips } from '../../lib/shell/slider-controller.ts';
import { wireCardAddButtons } from '../card-add/card-add.ts';
import { withErrorBoundary } from '../shared/index.ts';
import { ProductCard } from '../shared/ProductCard.tsx';
import { stripArrows, stripFailure } from '../shared/strip-parts.tsx';
import { useProductCards } from '../shared/use-product-cards.ts';
import '../shared/round-button.css';
import '../shared/slider.css';
import '../shared/product-slider.css';

interface Props {
  /** The related products' ids, in the order shown (src/lib/product/related.ts). */
  ids: readonly number[];
  settings: CardSettings;
}

const HEADING_ID = 'slider-related-products';

/**
 * The product page's related products (spec storefront 2): the strip of ProductSlider.astro,
 * with the same cards, arrows, steps and slider-or-grid rule, filled with the cards of one
 * GET /api/products?productIds= call when the shopper comes near it. The page carries the
 * ids alone: ten prerendered cards were 15 KB of every product page, and each card's price
 * and stock put the page in the incremental build of every product it listed (issue 33,
 * items 2, 3 and 5). Nothing shows until the cards come, or why they did not.
 */
function RelatedProducts({ ids, settings }: Props) {
  const [cards, failure, setAttempt] = useProductCards(ids);
  const rootRef = useRef<HTMLElement>(null);
  const cardsKey = cards.map((card) => card.id).join(',');

  // The store's one slider controller and card wiring, as on a prerendered strip.
  useEffect(() => {
    const root = rootRef.current;
    if (!root || cardsKey === '') return;
    const controllers = enhanceStrips([root]);
    const unwire = wireCardAddButtons(root);
    return () => {
      unwire();
      for (const controller of controllers) controller.destroy();
    };
  }, [cardsKey]);

  if (cards.length === 0 && failure === null) return null;
  const modes = sliderModes(cards.length);
  return (
    <section
      className="slider"
      ref={rootRef}
      aria-labelledby={HEADING_ID}
      data-slider
      data-mobile-slider={modes.mobile ? '' : undefined}
      data-desktop-slider={modes.desktop ? '' : undefined}
      style={sliderItemStyle() as CSSProperties}
    >
      <div className="head">
        <h2 id={HEADING_ID}>{RELATED_TITLE}</h2>
        <div className="arrows">{stripArrows(RELATED_TITLE)}</div>
      </div>
      {failure !== null &&
        stripFailure('related-error', 'Related products', failure, () => {
          setAttempt((n) => n + 1);
        })}
      <div className="viewport" data-slider-viewport>
        <ul className="track slider-track" data-slider-track>
          {cards.map((card) => {
            const stock = apiCardStock(card);
            return (
              <li key={card.id} className="item slider-item">
                <ProductCard
                  view={productCardView(card, settings)}
                  button={
                    stock && {
                      label: stock.availableForSale ? 'Add to Cart' : 'Sold out',
                      // Until wireCardAddButtons knows the cart (spec storefront 4, the card rule).
                      disabled: true,
                      levelId: stock.levelId,
                      wiring: { available: stock.available, forSale: stock.availableForSale },
                    }
                  }
                />
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

export default withErrorBoundary(RelatedProducts);
