import { useEffect, useRef } from 'react';
import type { ResultCardView } from '../../lib/search/result-card.ts';

interface Props {
  card: ResultCardView | null;
  onClose: () => void;
}

/**
 * The quick-view overlay of a result (spec storefront 2): a modal dialog with the image,
 * title, vendor, price and summary, and a link to the product page. The native <dialog>
 * keeps focus inside, closes on Escape and returns focus to the button that opened it.
 */
export function QuickView({ card, onClose }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (card && !element.open) element.showModal();
    if (!card && element.open) element.close();
  }, [card]);
  return (
    <dialog
      ref={dialog}
      className="rl-quickview"
      aria-labelledby="rl-quickview-title"
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop (the dialog itself, outside its content) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      {card && (
        <div className="rl-qv-content">
          <button
            type="button"
            className="rl-qv-close"
            onClick={onClose}
            aria-label="Close quick view"
          >
            ×
          </button>
          <img src={card.image} alt="" width={400} height={400} />
          <div>
            <h2 id="rl-quickview-title">{card.title}</h2>
            {card.vendor && <p className="rl-qv-vendor">by {card.vendor}</p>}
            <p className="pc-price">
              <span className="pc-now">{card.price.price}</span>
              {card.price.compareAt && <s className="pc-was">{card.price.compareAt}</s>}
            </p>
            <p>{card.soldOut ? 'Sold out' : 'Available'}</p>
            {card.summary && <p className="rl-qv-summary">{card.summary}</p>}
            <a className="brand-button pc-add" href={card.href}>
              View Details
            </a>
          </div>
        </div>
      )}
    </dialog>
  );
}
