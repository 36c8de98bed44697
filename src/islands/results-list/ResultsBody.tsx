import type { ApiCard, ListMachine } from '../../lib/search/filter-reply.ts';
import { cardFitBadge } from '../../lib/search/machine-filter.ts';
import { resultCardView, type ResultCardView } from '../../lib/search/result-card.ts';
import type { CardSettings } from '../../lib/catalog/product-card.ts';
import { FallbackList } from './FallbackList.tsx';
import type { ResultsView } from '../../stores/search.ts';
import { ResultCard, SkeletonCard, type CardAdd } from './ResultCard.tsx';
import type { ListState } from '../../stores/results-list.ts';

/** spec storefront 2 and 9. */
export const EMPTY_RESULTS = 'No products match your search criteria, please try again.';
export const SKELETON_CARDS = 8;
/** Shown on /search.php while neither q nor v has 3 characters (spec storefront 5). */
export const TOO_SHORT = 'Enter at least 3 characters of a keyword or part number to search.';

interface Props {
  loading: boolean;
  state: ListState;
  view: ResultsView;
  settings: CardSettings;
  /** How many of the first cards load their image eagerly. */
  eager: number;
  addFor: (card: ApiCard) => CardAdd | null;
  selection: readonly number[];
  onCompare: (id: number) => void;
  onQuickView: (card: ResultCardView) => void;
  /** The machine of a `fits=` list (the reply's pageInfo.machine): the badges name it. */
  machine?: ListMachine | null | undefined;
  /** The list's machine is the shopper's chosen one: 'Fits your', else 'Fits the'. */
  machineIsYours?: boolean;
}

/**
 * The list itself (spec storefront 2, "Results list"): 8 loading cards, the too-short or
 * empty message, the error, the static index's fallback, or the cards.
 */
export function ResultsBody({
  loading,
  state,
  view,
  settings,
  eager,
  addFor,
  selection,
  onCompare,
  onQuickView,
  machine,
  machineIsYours = false,
}: Props) {
  if (loading) {
    return (
      <ul className={`rl-grid rl-${view}`} aria-busy="true" aria-label="Loading products">
        {Array.from({ length: SKELETON_CARDS }, (_, index) => (
          <li key={index}>
            <SkeletonCard />
          </li>
        ))}
      </ul>
    );
  }
  if (state.kind === 'short') return <p className="rl-message">{TOO_SHORT}</p>;
  if (state.kind === 'error') {
    return (
      <p className="rl-error" role="alert">
        {state.message}
      </p>
    );
  }
  if (state.kind === 'idle') return null;
  if (state.cards.length === 0) return <p className="rl-message">{EMPTY_RESULTS}</p>;
  if (state.kind === 'fallback') {
    return (
      <FallbackList
        cards={state.cards}
        currency={settings.currency}
        noImageUrl={settings.noImageUrl}
      />
    );
  }
  return (
    <ul className={`rl-grid rl-${view}`}>
      {state.cards.map((card, index) => (
        <li key={card.id}>
          <ResultCard
            card={resultCardView(card, settings)}
            add={addFor(card)}
            selected={selection.includes(card.id)}
            onCompare={onCompare}
            onQuickView={onQuickView}
            eager={index < eager}
            badge={cardFitBadge(card.fit, machine, machineIsYours)}
          />
        </li>
      ))}
    </ul>
  );
}
