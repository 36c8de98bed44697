import type { CardFitBadge } from '../../lib/search/machine-filter.ts';
import type { ResultCardView } from '../../lib/search/result-card.ts';
import { CARD_STILL_TRYING } from '../../stores/cart.ts';
import { singleClick } from '../shared/index.ts';
import { ProductCard } from '../shared/ProductCard.tsx';
import { Tooltip } from '../shared/Tooltip.tsx';

/** The quick-view button's tooltip, for a shopper who rests on it (spec storefront 9: 3 s). */
const QUICK_VIEW_TIP = 'Photos, price and stock of this part, without leaving the results.';

/** The add button's state, worked out by the list from the cart stores. */
export interface CardAdd {
  forSale: boolean;
  disabled: boolean;
  busy: boolean;
  /** This card's add is being retried: its button says so. */
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
  /** Whether the part fits the list's machine (issue 31, item 9), in a `fits=` list. */
  badge?: CardFitBadge | undefined;
}

const addLabel = (add: CardAdd) =>
  add.busy && add.stillTrying ? CARD_STILL_TRYING : add.forSale ? 'Add to Cart' : 'Sold out';

/**
 * One product of the results list (spec storefront 2, "Card content" and "Results list"):
 * the store's one card with the quick-view button over its image, the fit badge and the
 * Compare box before its add button (spec storefront 4, the card rule; issue 31, item 9)
 * and the summary of the list view.
 */
export function ResultCard({ card, add, selected, onCompare, onQuickView, eager, badge }: Props) {
  const checkboxId = `compare-${String(card.id)}`;
  return (
    <ProductCard
      view={card}
      eager={eager}
      summary={card.summary}
      button={
        add && {
          label: addLabel(add),
          disabled: add.disabled,
          busy: add.busy,
          levelId: card.inventoryLevelId ?? undefined,
          onClick: singleClick(add.onAdd),
        }
      }
      overlay={
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
      }
      actions={
        <>
          {badge && <p className={`rl-fit rl-fit-${badge.kind}`}>{badge.text}</p>}
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
        </>
      }
    />
  );
}

/** A grey placeholder card while the list loads (spec storefront 9: 8 skeleton cards). */
export function SkeletonCard() {
  return (
    <div className="pc-card rl-skeleton" aria-hidden="true">
      <div className="rl-sk-image" />
      <div className="rl-sk-line" />
      <div className="rl-sk-line rl-sk-short" />
      <div className="rl-sk-line rl-sk-short" />
    </div>
  );
}
