import { priceText } from '../../../shared/call-for-price.ts';
import { FALLBACK_NOTICE, type FallbackCard } from '../../lib/search/pagefind-fallback.ts';
import '../shared/product-card.css';

interface Props {
  cards: readonly FallbackCard[];
  currency: string;
  noImageUrl: string;
}

/** Results from the static index while the API cannot be reached (DESIGN, Search). */
export function FallbackList({ cards, currency, noImageUrl }: Props) {
  return (
    <>
      <p className="rl-notice" role="status">
        {FALLBACK_NOTICE}
      </p>
      <ul className="rl-grid">
        {cards.map((card) => (
          <li key={card.url}>
            <article className="pc-card" aria-label={card.title}>
              <div className="pc-image">
                <a href={card.url} tabIndex={-1} aria-hidden="true">
                  <img
                    src={card.image ?? noImageUrl}
                    alt=""
                    width={400}
                    height={400}
                    loading="lazy"
                  />
                </a>
              </div>
              <div className="pc-body">
                <h3 className="pc-title">
                  <a href={card.url}>{card.title}</a>
                </h3>
                {card.price !== null && (
                  <p className="pc-price">
                    <span className="pc-now">{priceText(card.price, currency)}</span>
                  </p>
                )}
              </div>
            </article>
          </li>
        ))}
      </ul>
    </>
  );
}
