import { useEffect, useState, type CSSProperties } from 'react';
import {
  compareColumns,
  parseCompareQuery,
  removeFromComparison,
  type CompareColumn,
} from '../../lib/compare/compare-table.ts';
import { TOO_FEW_TO_COMPARE } from '../../lib/search/compare-selection.ts';
import { fetchProductsByIds } from '../../lib/search/products-by-ids.ts';
import type { ApiCard } from '../../lib/search/filter-reply.ts';
import { trackLoading } from '../../stores/loading.ts';
import { showToast } from '../../stores/toast.ts';
import { singleClick, withErrorBoundary } from '../shared/index.ts';
import './compare.css';

interface Props {
  currency: string;
  productBase: string;
  noImageUrl: string;
}

/** The list the comparison came from, for the Back link. */
interface Back {
  path: string;
  source: string;
}

type Load =
  { kind: 'loading' } | { kind: 'loaded'; cards: ApiCard[] } | { kind: 'failed'; message: string };

/**
 * The comparison page (account-and-shell 2.7): the products of `ids` side by side, one
 * column each, with a Remove button per column that is refused at 2 products.
 */
function CompareTable({ currency, productBase, noImageUrl }: Props) {
  const [ids, setIds] = useState<number[]>([]);
  const [back, setBack] = useState<Back | null>(null);
  const [load, setLoad] = useState<Load>({ kind: 'loading' });
  const [notice, setNotice] = useState('');

  // Read once hydrated: the address holds the comparison.
  useEffect(() => readComparison(setIds, setBack, setLoad), []);

  const remove = (id: number) => {
    const result = removeFromComparison(ids, id);
    if ('error' in result) {
      setNotice(result.error);
      showToast({ variant: 'danger', message: result.error });
      return;
    }
    setNotice('');
    setIds(result.ids);
    // The address keeps what is on screen, so a reload shows the same comparison.
    const query = new URLSearchParams(window.location.search);
    query.set('ids', result.ids.join(','));
    window.history.replaceState(null, '', `${window.location.pathname}?${query.toString()}`);
  };

  const columns: CompareColumn[] =
    load.kind === 'loaded' ? compareColumns(load.cards, ids, { currency, productBase }) : [];
  const missing = load.kind === 'loaded' ? ids.length - columns.length : 0;

  return (
    <div className="cmp">
      {back && (
        <p className="cmp-back">
          <a href={back.path}>
            ‹ Back to {back.source === 'Collection' ? 'the category' : 'the results'}
          </a>
        </p>
      )}
      <p className="cmp-notice" role="alert">
        {load.kind === 'failed' ? load.message : notice}
      </p>
      {load.kind === 'loading' && (
        <p className="cmp-status" role="status">
          Loading products…
        </p>
      )}
      {missing > 0 && (
        <p className="cmp-status">
          {missing === 1
            ? 'One of the products is no longer in our catalogue.'
            : `${missing} of the products are no longer in our catalogue.`}
        </p>
      )}
      {columns.length > 0 && (
        <div className="cmp-scroll" role="region" aria-label="Compared products" tabIndex={0}>
          {compareTable(columns, noImageUrl, remove)}
        </div>
      )}
    </div>
  );
}

/**
 * Reads the comparison the address asks for (`ids`, and the list it came from for the Back
 * link) and loads its products; fewer than 2 is refused without asking the API. Returns the
 * effect's cleanup, which drops a reply still on its way.
 */
function readComparison(
  setIds: (ids: number[]) => void,
  setBack: (back: Back) => void,
  setLoad: (load: Load) => void,
): (() => void) | undefined {
  const query = parseCompareQuery(window.location.search, window.location.origin);
  setIds(query.ids);
  if (query.path) setBack({ path: query.path, source: query.source });
  if (query.ids.length < 2) {
    setLoad({ kind: 'failed', message: TOO_FEW_TO_COMPARE });
    return;
  }
  const abort = new AbortController();
  trackLoading(fetchProductsByIds(query.ids, abort.signal))
    .then((cards) => {
      setLoad({ kind: 'loaded', cards });
    })
    .catch((error: unknown) => {
      if (abort.signal.aborted) return;
      const message = error instanceof Error ? error.message : String(error);
      // account-and-shell 8: a failed fetch is a danger notification.
      showToast({ variant: 'danger', message });
      setLoad({ kind: 'failed', message });
    });
  return () => {
    abort.abort();
  };
}

/** The table: a column per product, a Remove button in each column's head. */
function compareTable(columns: CompareColumn[], noImageUrl: string, remove: (id: number) => void) {
  return (
    <table className="cmp-table" style={{ '--cols': columns.length } as CSSProperties}>
      <thead>
        <tr>
          <th scope="col">Product</th>
          {columns.map((column) => (
            <th scope="col" key={column.id}>
              <a href={column.href}>{column.title}</a>
              <button
                type="button"
                className="cmp-remove"
                aria-label={`Remove ${column.title}`}
                onClick={singleClick(() => {
                  remove(column.id);
                })}
              >
                Remove
              </button>
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">Image</th>
          {columns.map((column) => (
            <td key={column.id}>
              <img
                src={column.image ?? noImageUrl}
                alt={column.title}
                width={160}
                height={160}
                loading="lazy"
              />
            </td>
          ))}
        </tr>
        {row('Price', columns, (c) => c.price)}
        {row('Brand', columns, (c) => c.brand)}
        {row('Availability', columns, (c) => c.availability)}
        {row('Rating', columns, (c) => c.rating)}
        {row('Summary', columns, (c) => c.summary)}
        <tr>
          <th scope="row">Other</th>
          {columns.map((column) => (
            <td key={column.id}>
              <dl className="cmp-other">
                <dt>Part Number</dt>
                <dd>{column.partNumber}</dd>
                <dt>Condition</dt>
                <dd>{column.condition}</dd>
                <dt>Instock</dt>
                <dd>{column.instock}</dd>
              </dl>
            </td>
          ))}
        </tr>
      </tbody>
    </table>
  );
}

/** One row of the table: its label and each product's value. */
function row(
  label: string,
  columns: readonly CompareColumn[],
  value: (column: CompareColumn) => string,
) {
  return (
    <tr>
      <th scope="row">{label}</th>
      {columns.map((column) => (
        <td key={column.id}>{value(column)}</td>
      ))}
    </tr>
  );
}

export default withErrorBoundary(CompareTable);
