import { soldOnline } from '../../../shared/call-for-price.ts';
import { priceDisplay } from '../../lib/catalog/price-display.ts';
import type { BuyBoxProduct } from '../../lib/product/buy-box.ts';
import { selectedVariant, shownPrice } from '../../lib/product/variant.ts';
import { withErrorBoundary } from '../shared/index.ts';
import { useBuyBox } from './use-buy-box.ts';
import './buy-box.css';

interface Props {
  product: BuyBoxProduct;
  currency: string;
}

/**
 * The price of the product page's price block (spec storefront 2): it follows the chosen
 * variant and shows the live price once the buy box has checked it (spec storefront 4).
 */
function BuyBoxPrice({ product, currency }: Props) {
  const { state } = useBuyBox(product);
  const shown = shownPrice(state.product, selectedVariant(state.product, state.choice));
  const text = priceDisplay(shown, currency);
  if (!soldOnline(shown.price)) return <span className="bb-call">{text.price}</span>;
  return (
    <span className="bb-prices" data-price={shown.price} aria-live="polite">
      <span className="bb-price">{text.price}</span>
      {text.compareAt && (
        <span className="bb-compare">
          <span className="visually-hidden">Regular price </span>
          <s>{text.compareAt}</s>
        </span>
      )}
      {text.saving && <span className="bb-saving">Save {text.saving}</span>}
    </span>
  );
}

export default withErrorBoundary(BuyBoxPrice);
