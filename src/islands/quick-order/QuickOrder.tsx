import { useCallback, useEffect, useId, useRef, useState, type DragEvent } from 'react';
import type { ResolvedLine } from '../../../shared/contracts/quick-order.ts';
import { formatPrice } from '../../../shared/format/price.ts';
import { partKey } from '../../../shared/parts/cross-reference.ts';
import {
  addRows,
  addSummary,
  priceNote,
  readPadLink,
  rowAnnouncement,
  rowView,
  updateRow,
  withPart,
  type NewLine,
  type PadRow,
} from '../../lib/quick-order/pad.ts';
import {
  orderRowsCsv,
  parseOrderFile,
  parseOrderText,
  type LineProblem,
} from '../../lib/quick-order/parse-lines.ts';
import { LISTS_PATH } from '../../lib/lists/list-link.ts';
import type { StaticPart } from '../../lib/quick-order/static-parts.ts';
import { addLinesToCart } from '../../stores/cart-batch.ts';
import { linesOfRows } from '../../stores/part-lists.ts';
import { $padRows, QuickOrderUnavailable, resolvePadRows } from '../../stores/quick-order.ts';
import { ListPicker } from '../lists/ListPicker.tsx';
import { singleClick, useHydratingStore, withErrorBoundary } from '../shared/index.ts';
import './quick-order.css';

interface Props {
  /** The store currency (theme.storeCurrency). */
  currency: string;
  /** Where product pages live (theme.paths.productBase). */
  productBase: string;
}

const NO_ANSWERS: ReadonlyMap<string, ResolvedLine> = new Map();

/** How long typing pauses before the store is asked again. */
const RESOLVE_DELAY_MS = 400;

/**
 * The quick-order pad (issue 32, items 1 to 6): paste, a file and typed rows feed one review
 * table; the store resolves every row in one call; the rows that are ready go to the cart in
 * chunks, the others stay with their reason, and can be downloaded to fix and upload again.
 */
function QuickOrder({ currency, productBase }: Props) {
  const rows = useHydratingStore($padRows, []);
  const { answers, offline, error } = useResolved(rows);
  const known = useStaticParts(rows, offline);
  const [problems, setProblems] = useState<LineProblem[]>([]);
  const [summary, setSummary] = useState('');
  const [adding, setAdding] = useState(false);
  const [refused, setRefused] = useState<ReadonlyMap<string, string>>(new Map());
  const [saving, setSaving] = useState(false);

  const add = useCallback((lines: NewLine[], found: LineProblem[]) => {
    const { rows: next, leftOut } = addRows($padRows.get(), lines);
    $padRows.set(next);
    const extra =
      leftOut > 0
        ? [
            {
              line: 0,
              text: '',
              message: `${String(leftOut)} more part numbers were left out: the list holds 500.`,
            },
          ]
        : [];
    setProblems([...found, ...extra]);
    setSummary('');
  }, []);

  // A link's lines (/quick-order?lines=…: 'Buy again', a shared list) join the table once;
  // the address loses them, so a reload does not add them again.
  useEffect(() => {
    const { lines, problems: found } = readPadLink(window.location.search);
    if (lines.length === 0 && found.length === 0) return;
    add(lines, found);
    window.history.replaceState(window.history.state, '', window.location.pathname);
  }, [add]);

  const change = (id: string, edit: (row: PadRow) => PadRow) => {
    $padRows.set(updateRow($padRows.get(), id, edit));
    setRefused((before) => withoutKey(before, id));
  };
  const remove = (id: string) => $padRows.set($padRows.get().filter((row) => row.id !== id));

  const views = rows.map((row) => {
    const answer = answers.get(row.id);
    const base = rowView(answer, offline);
    const paid = priceNote(answer, row.was, (amount) => formatPrice(amount, currency));
    const view = paid ? { ...base, message: [base.message, paid].filter(Boolean).join(' ') } : base;
    const refusal = refused.get(row.id);
    return { row, answer, view: refusal ? { state: 'needs' as const, message: refusal } : view };
  });
  const ready = views.filter(
    (entry) => entry.view.state === 'ready' && entry.answer?.status === 'resolved',
  );
  const announcement = useRowAnnouncement(views);

  async function addToCart() {
    setAdding(true);
    setSummary('');
    try {
      const lines = ready.flatMap(({ answer, row }) =>
        answer?.status === 'resolved'
          ? [{ inventoryLevelId: answer.variant.levelId, quantity: row.quantity, id: row.id }]
          : [],
      );
      const results = await addLinesToCart(
        lines.map(({ inventoryLevelId, quantity }) => ({ inventoryLevelId, quantity })),
      );
      const addedIds = new Set(lines.filter((_, i) => results[i]?.added).map((line) => line.id));
      const reasons = new Map(
        lines.flatMap((line, i) => {
          const result = results[i];
          return result && !result.added ? [[line.id, result.error ?? '']] : [];
        }),
      );
      setRefused(reasons);
      $padRows.set($padRows.get().filter((row) => !addedIds.has(row.id)));
      setSummary(addSummary(addedIds.size, rows.length));
    } finally {
      setAdding(false);
    }
  }

  return (
    <div className="qo">
      <Sources onLines={add} />
      {problems.length > 0 && (
        <div className="qo-problems" role="alert">
          <p>Some lines could not be read:</p>
          <ul>
            {problems.map((problem, index) => (
              <li key={`${String(problem.line)}-${String(index)}`}>{problem.message}</li>
            ))}
          </ul>
        </div>
      )}
      <section className="qo-review" aria-labelledby="qo-review-title">
        <h2 id="qo-review-title">Your list</h2>
        <p className="qo-status" role="status" aria-live="polite">
          {summary ||
            (rows.length === 0
              ? 'Nothing yet: paste, upload or type part numbers above.'
              : `${String(rows.length)} ${rows.length === 1 ? 'line' : 'lines'}, ${String(ready.length)} ready` +
                (rows.length > ready.length
                  ? `, ${String(rows.length - ready.length)} need you.`
                  : '.'))}
        </p>
        {/* Each row that newly needs the shopper, by number and reason (issue 32, item 6). */}
        <p className="visually-hidden" aria-live="polite">
          {announcement}
        </p>
        {offline && <p className="qo-offline">We cannot reach the store right now. {error}</p>}
        {rows.length > 0 && (
          <table className="qo-table">
            <thead>
              <tr>
                <th scope="col">Part number</th>
                <th scope="col">Part</th>
                <th scope="col">Quantity</th>
                <th scope="col">Price</th>
                <th scope="col">Total</th>
                <th scope="col">
                  <span className="visually-hidden">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {views.map(({ row, answer, view }) => (
                <Row
                  key={row.id}
                  row={row}
                  answer={answer}
                  view={view}
                  known={answer ? undefined : known.get(partKey(row.part))}
                  currency={currency}
                  productBase={productBase}
                  onChange={(edit) => change(row.id, edit)}
                  onRemove={() => remove(row.id)}
                />
              ))}
            </tbody>
          </table>
        )}
        <div className="qo-actions">
          <button
            type="button"
            className="brand-button qo-add"
            disabled={ready.length === 0 || adding}
            onClick={singleClick(() => void addToCart())}
          >
            {adding
              ? 'Adding…'
              : `Add ${String(ready.length)} ${ready.length === 1 ? 'line' : 'lines'} to cart`}
          </button>
          {rows.length > 0 && (
            <>
              <button type="button" className="link-button" onClick={() => download(rows, views)}>
                Download these rows
              </button>
              <button
                type="button"
                className="link-button"
                aria-expanded={saving}
                onClick={() => setSaving(!saving)}
              >
                Save to a list
              </button>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  $padRows.set([]);
                  setRefused(new Map());
                  setSummary('');
                }}
              >
                Clear the list
              </button>
            </>
          )}
          <a href={LISTS_PATH}>Your saved lists</a>
        </div>
        {saving && rows.length > 0 && (
          <ListPicker
            label={`Save ${String(rows.length)} ${rows.length === 1 ? 'line' : 'lines'}`}
            lines={() => linesOfRows($padRows.get())}
            onSaved={(message) => {
              setSummary(message);
              setSaving(false);
            }}
          />
        )}
      </section>
    </div>
  );
}

/** The words for a screen reader when rows newly need the shopper (pad.ts rowAnnouncement). */
function useRowAnnouncement(
  views: readonly { row: PadRow; view: { state: string; message: string } }[],
): string {
  const said = useRef<ReadonlyMap<string, string>>(new Map());
  const [text, setText] = useState('');
  const needs = views
    .filter((entry) => entry.view.state === 'needs')
    .map(({ row, view }) => ({ id: row.id, part: row.part, message: view.message }));
  const key = JSON.stringify(needs);
  useEffect(() => {
    const next = rowAnnouncement(said.current, JSON.parse(key) as typeof needs);
    said.current = next.said;
    if (next.text) setText(next.text);
  }, [key]);
  return text;
}

const withoutKey = (map: ReadonlyMap<string, string>, key: string) => {
  const next = new Map(map);
  next.delete(key);
  return next;
};

/**
 * The store's answer for each row, asked again a moment after the rows change (one call for
 * the whole list); `offline` while the store cannot be reached.
 */
function useResolved(rows: readonly PadRow[]) {
  // Each answer with the rows it answered: rows changed since (a number edited, a quantity)
  // wait for their own answer, so a quick press of Add never sends what the row was.
  const [resolved, setResolved] = useState<{
    asked: string;
    answers: ReadonlyMap<string, ResolvedLine>;
  }>({ asked: '', answers: new Map() });
  const [offline, setOffline] = useState(false);
  const [error, setError] = useState('');
  // The rows as the store reads them: a new id alone (a reload) asks nothing again.
  const asked = JSON.stringify(
    rows.map(({ part, quantity, productId, variantId }) => [part, quantity, productId, variantId]),
  );
  const latest = useRef(rows);
  latest.current = rows;
  useEffect(() => {
    const current = latest.current;
    if (current.length === 0) return;
    const stop = new AbortController();
    const timer = setTimeout(() => {
      resolvePadRows(current, stop.signal).then(
        (lines) => {
          if (stop.signal.aborted) return;
          setResolved({
            asked,
            answers: new Map(lines.map((line, index) => [current[index]?.id ?? '', line])),
          });
          setOffline(false);
          setError('');
        },
        (failure: unknown) => {
          if (stop.signal.aborted) return;
          setOffline(true);
          setError(failure instanceof QuickOrderUnavailable ? failure.message : '');
        },
      );
    }, RESOLVE_DELAY_MS);
    return () => {
      clearTimeout(timer);
      stop.abort();
    };
  }, [asked]);
  const answers = resolved.asked === asked ? resolved.answers : NO_ANSWERS;
  return { answers, offline, error };
}

/** How long typing pauses before the typed row's number is looked up. */
const SUGGEST_DELAY_MS = 250;

/**
 * Part numbers for the typed row as it is typed (issue 32, item 1), from the static index:
 * no call to the store per key, and they work while the store cannot be reached.
 */
function useSuggestions(typed: string): StaticPart[] {
  const [suggested, setSuggested] = useState<{ typed: string; parts: StaticPart[] }>({
    typed: '',
    parts: [],
  });
  const wanted = typed.trim();
  useEffect(() => {
    if (partKey(wanted).length < 3) return;
    let current = true;
    const timer = setTimeout(() => {
      loadStaticParts()
        .then((lookups) => lookups.suggest(wanted))
        .then(
          (parts) => current && setSuggested({ typed: wanted, parts }),
          // Suggestions are a help: without them the row is typed in full.
          () => undefined,
        );
    }, SUGGEST_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [wanted]);
  return partKey(wanted).length < 3 ? [] : suggested.parts;
}

/** The pad's reads of the static index, loaded on first use (issue 32, items 1 and 3). */
const loadStaticParts = () =>
  import('../../lib/quick-order/static-parts.ts').then((module) => module.staticParts);

const NO_PARTS: ReadonlyMap<string, StaticPart> = new Map();

/**
 * While the store cannot be reached, each row's part as the published static index names it
 * (by partKey): the row shows what it is, and waits for the store for price and stock.
 */
function useStaticParts(rows: readonly PadRow[], offline: boolean) {
  const [known, setKnown] = useState(NO_PARTS);
  const parts = offline ? rows.map((row) => row.part).join('\n') : '';
  useEffect(() => {
    if (!parts) return;
    let current = true;
    loadStaticParts()
      .then((lookups) => lookups.find(parts.split('\n')))
      .then(
        (found) => current && setKnown(found),
        // The static files unreachable too: the rows wait as they are.
        () => undefined,
      );
    return () => {
      current = false;
    };
  }, [parts]);
  return known;
}

/** The three ways in: paste, a file (chosen or dropped), and a typed row. */
function Sources({ onLines }: { onLines: (lines: NewLine[], problems: LineProblem[]) => void }) {
  const id = useId();
  const [text, setText] = useState('');
  const [part, setPart] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [typeError, setTypeError] = useState('');
  const suggested = useSuggestions(part);
  const [dragging, setDragging] = useState(false);
  // What the shopper pasted or typed before the island woke (a slow phone, a busy machine)
  // reached no handler: the fields keep it and the state takes it from them, so the buttons
  // answer as for what is shown.
  const pasteRef = useRef<HTMLTextAreaElement>(null);
  const partRef = useRef<HTMLInputElement>(null);
  const quantityRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const early = (field: { value: string } | null, set: (value: string) => void, initial = '') => {
      if (field && field.value !== initial) set(field.value);
    };
    early(pasteRef.current, setText);
    early(partRef.current, setPart);
    early(quantityRef.current, setQuantity, '1');
  }, []);
  const take = (parsed: ReturnType<typeof parseOrderText>) =>
    onLines(parsed.lines, parsed.problems);
  const readFile = async (file: File | undefined) => {
    if (!file) return;
    take(parseOrderFile(await file.arrayBuffer()));
  };
  const addTyped = () => {
    const parsed = parseOrderText(`${part}\t${quantity}`);
    const problem = parsed.problems[0];
    if (problem || parsed.lines.length === 0) {
      setTypeError(problem ? problem.message.replace(/^Line \d+: /, '') : 'Type a part number.');
      return;
    }
    setTypeError('');
    onLines(parsed.lines, []);
    setPart('');
    setQuantity('1');
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void readFile(event.dataTransfer.files[0]);
  };
  return (
    <div className="qo-sources">
      <section className="qo-source" aria-labelledby={`${id}-paste`}>
        <h2 id={`${id}-paste`}>Paste a list</h2>
        <label htmlFor={`${id}-text`}>
          One part number per line, with its quantity: from a spreadsheet, an email or a past order.
        </label>
        <textarea
          ref={pasteRef}
          id={`${id}-text`}
          rows={6}
          value={text}
          placeholder={'85288-001  2\nLR-29963, 4\n3 x 580013697'}
          onChange={(event) => setText(event.target.value)}
        />
        <button
          type="button"
          className="ink-button"
          disabled={text.trim() === ''}
          onClick={() => {
            take(parseOrderText(text));
            setText('');
          }}
        >
          Add to the list
        </button>
      </section>
      <section
        className={dragging ? 'qo-source qo-drop qo-dragging' : 'qo-source qo-drop'}
        aria-labelledby={`${id}-file`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <h2 id={`${id}-file`}>Upload a file</h2>
        <p>
          A CSV or TSV file saved from a spreadsheet: part numbers and quantities, with or without a
          header row.
        </p>
        <label className="qo-file">
          <span>Choose a file, or drop it here</span>
          <input
            type="file"
            accept=".csv,.tsv,.txt,text/csv,text/tab-separated-values,text/plain"
            onChange={(event) => {
              void readFile(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </label>
        <a href="/quick-order-sample.csv" download>
          Download a sample file
        </a>
      </section>
      <section className="qo-source" aria-labelledby={`${id}-type`}>
        <h2 id={`${id}-type`}>Type a part number</h2>
        <form
          className="qo-type"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            addTyped();
          }}
        >
          <label>
            <span>Part number</span>
            <input
              ref={partRef}
              value={part}
              autoComplete="off"
              list={`${id}-suggest`}
              spellCheck={false}
              aria-invalid={typeError !== ''}
              aria-describedby={`${id}-type-error`}
              onChange={(event) => setPart(event.target.value)}
              onPaste={(event) => {
                // A list pasted into the one cell becomes rows (issue 32, item 6).
                const pasted = event.clipboardData.getData('text');
                if (!/[\r\n]/.test(pasted.trim())) return;
                event.preventDefault();
                take(parseOrderText(pasted));
              }}
            />
          </label>
          <datalist id={`${id}-suggest`}>
            {suggested.map((hit) => (
              <option key={hit.url} value={hit.partNumber} label={hit.title} />
            ))}
          </datalist>
          <label>
            <span>Quantity</span>
            <input
              ref={quantityRef}
              value={quantity}
              inputMode="numeric"
              onChange={(event) => setQuantity(event.target.value)}
            />
          </label>
          <button type="submit" className="ink-button">
            Add
          </button>
          <p id={`${id}-type-error`} className="field-error" role="alert">
            {typeError}
          </p>
        </form>
      </section>
    </div>
  );
}

function Row({
  row,
  answer,
  view,
  known,
  currency,
  productBase,
  onChange,
  onRemove,
}: {
  row: PadRow;
  answer: ResolvedLine | undefined;
  view: ReturnType<typeof rowView>;
  /** The part the static index names, while the store cannot be reached. */
  known: StaticPart | undefined;
  currency: string;
  productBase: string;
  onChange: (edit: (row: PadRow) => PadRow) => void;
  onRemove: () => void;
}) {
  const messageId = `qo-msg-${row.id}`;
  const money = (amount: number) => formatPrice(amount, currency);
  const resolved = answer?.status === 'resolved' ? answer : undefined;
  const product =
    answer?.status === 'resolved' || answer?.status === 'options' ? answer.product : undefined;
  return (
    <tr className={`qo-row qo-${view.state}`}>
      <td data-label="Part number">
        <input
          className="qo-part"
          aria-label="Part number"
          defaultValue={row.part}
          spellCheck={false}
          onBlur={(event) => {
            const value = event.target.value.trim();
            if (value && value !== row.part) onChange((current) => withPart(current, value));
          }}
        />
      </td>
      <td data-label="Part">
        {product && (
          <p className="qo-product">
            <a href={`${productBase}/${encodeURIComponent(product.handle)}`}>{product.title}</a>
            <span>
              {product.vendor} {resolved?.variant.sku || product.sku}
              {resolved?.variant.title ? ` · ${resolved.variant.title}` : ''}
            </span>
          </p>
        )}
        {!product && known && (
          <p className="qo-product">
            <a href={known.url}>{known.title}</a>
            <span>{known.partNumber}</span>
          </p>
        )}
        <p id={messageId} className="qo-message">
          {view.message}
        </p>
        {answer?.status === 'options' && (
          <select
            aria-label={`Options of ${answer.product.title}`}
            value=""
            onChange={(event) => {
              const variantId = Number(event.target.value);
              onChange((current) => ({ ...current, productId: answer.product.id, variantId }));
            }}
          >
            <option value="">Choose…</option>
            {answer.variants.map((variant) => (
              <option key={variant.id} value={variant.id} disabled={!variant.forSale}>
                {Object.values(variant.values).join(' / ') || variant.title}
                {variant.forSale ? '' : ' (not for sale)'}
              </option>
            ))}
          </select>
        )}
        {answer?.status === 'choose' && (
          <ul className="qo-choices" aria-label="Makers of this number">
            {answer.candidates.map((candidate) => (
              <li key={candidate.id}>
                <button
                  type="button"
                  className="link-button"
                  onClick={() => onChange((current) => ({ ...current, productId: candidate.id }))}
                >
                  {candidate.vendor} {candidate.sku}: {candidate.title}
                </button>
              </li>
            ))}
          </ul>
        )}
        {answer?.status === 'unknown' && answer.suggestions.length > 0 && (
          <ul className="qo-choices" aria-label="Did you mean">
            {answer.suggestions.map((suggestion) => (
              <li key={suggestion.id}>
                <button
                  type="button"
                  className="link-button"
                  onClick={() =>
                    onChange((current) => ({
                      ...withPart(current, suggestion.sku),
                      productId: suggestion.id,
                    }))
                  }
                >
                  {suggestion.sku}: {suggestion.title}
                </button>
              </li>
            ))}
          </ul>
        )}
        {resolved?.supersededBy && (
          <button
            type="button"
            className="link-button"
            onClick={() => {
              const successor = resolved.supersededBy;
              if (successor) {
                onChange((current) => ({
                  ...withPart(current, successor.sku),
                  productId: successor.id,
                }));
              }
            }}
          >
            Use {resolved.supersededBy.sku}
          </button>
        )}
      </td>
      <td data-label="Quantity">
        <input
          className="qo-quantity"
          aria-label={`Quantity of ${row.part}`}
          aria-describedby={messageId}
          inputMode="numeric"
          defaultValue={String(row.quantity)}
          onBlur={(event) => {
            const value = Number(event.target.value);
            if (Number.isInteger(value) && value >= 1 && value <= 9999 && value !== row.quantity) {
              onChange((current) => ({ ...current, quantity: value }));
            } else event.target.value = String(row.quantity);
          }}
        />
        {resolved && (
          <span className="qo-stock">
            {resolved.variant.available === null
              ? 'Ships to order'
              : `${String(resolved.variant.available)} available`}
          </span>
        )}
      </td>
      {/* A price of 0 is asked by phone (shared/call-for-price.ts): no $0.00 line. */}
      <td data-label="Price">
        {resolved ? (resolved.variant.price > 0 ? money(resolved.variant.price) : 'Call us') : ''}
      </td>
      <td data-label="Total">
        {resolved && resolved.variant.price > 0 ? money(resolved.lineTotal) : ''}
      </td>
      <td>
        <button
          type="button"
          className="link-button qo-remove"
          aria-label={`Remove ${row.part}`}
          onClick={onRemove}
        >
          Remove
        </button>
      </td>
    </tr>
  );
}

/** 'Download these rows': a CSV the pad reads back, each row with what it still needs. */
function download(
  rows: readonly PadRow[],
  views: readonly { row: PadRow; view: { message: string } }[],
) {
  const notes = new Map(views.map(({ row, view }) => [row.id, view.message]));
  const csv = orderRowsCsv(
    rows.map((row) => ({ part: row.part, quantity: row.quantity, note: notes.get(row.id) ?? '' })),
  );
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'quick-order.csv';
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export default withErrorBoundary(QuickOrder);
