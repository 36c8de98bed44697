import { useEffect, useId, useRef, useState } from 'react';
import { partKey } from '../../../shared/parts/cross-reference.ts';
import { mergeLines, readListLine } from '../../../shared/parts/part-list.ts';
import { lineFromListLink } from '../../lib/lists/list-link.ts';
import { dangerNotice, type NoticeState } from '../../lib/account/api.ts';
import { loginRedirect } from '../../lib/account/next-path.ts';
import { PAD_PATH } from '../../lib/quick-order/pad-link.ts';
import { $user, loadUser, USER_NOT_FETCHED } from '../../stores/account.ts';
import {
  $guestList,
  accountLists,
  leftOutText,
  sendToPad,
  type ListLine,
  type ListSummary,
  type PartList,
} from '../../stores/part-lists.ts';
import { Notice } from '../account/Notice.tsx';
import { singleClick, useHydratingStore, withErrorBoundary } from '../shared/index.ts';
import { ListNameField, ListPicker, NAME_NEEDED } from './ListPicker.tsx';
import './lists.css';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
const linesText = (count: number) => `${String(count)} ${count === 1 ? 'line' : 'lines'}`;

/**
 * Puts a list in the quick-order pad and goes there, where every line is resolved again
 * (price, stock, a part superseded since); a list that does not fit stays here, said so.
 */
function orderFrom(lines: readonly ListLine[], say: (notice: NoticeState) => void): void {
  const leftOut = sendToPad(lines);
  if (leftOut > 0) {
    say({
      variant: 'danger',
      message: `${linesText(leftOut)} did not fit in the quick order, which holds 500. Order what is there first, then send this list again.`,
    });
    return;
  }
  window.location.assign(PAD_PATH);
}

/**
 * Saved lists (issue 32, item 9), at /lists: a guest's one list kept in this browser, or a
 * signed-in customer's lists in the account, each opened, changed, renamed, deleted or sent
 * whole to the quick-order pad; the browser's list offered to the account after sign-in; and
 * a product page's 'Add to a list' (?add=) asking which list.
 */
function SavedLists() {
  const user = useHydratingStore($user, USER_NOT_FETCHED);
  const guest = useHydratingStore($guestList, []);
  const [notice, setNotice] = useState<NoticeState | null>(null);
  const [adding, setAdding] = useState<ListLine | undefined>();
  const [quantity, setQuantity] = useState(1);
  // Bumped when a list changed outside the account view (an add from ?add=, the guest's list
  // saved): the view reads the lists again.
  const [version, setVersion] = useState(0);
  const quantityId = useId();

  useEffect(() => {
    void loadUser();
    const line = lineFromListLink(window.location.search);
    if (line) setAdding(line);
    // Once read, the address forgets it: a reload does not offer the same part again.
    if (window.location.search) {
      window.history.replaceState(window.history.state, '', window.location.pathname);
    }
  }, []);

  const signedIn = user.user !== null;
  return (
    <div className="lists">
      <Notice notice={notice} />
      {adding && (
        <section className="lists-add" aria-labelledby="lists-add-title">
          <h2 id="lists-add-title">Add {adding.part} to a list</h2>
          <span className="lists-field">
            <label htmlFor={quantityId}>Quantity to add</label>
            <input
              id={quantityId}
              className="lists-quantity"
              type="number"
              min={1}
              max={9999}
              value={quantity}
              onChange={(event) =>
                setQuantity(Math.max(1, Math.min(9999, Number(event.target.value) || 1)))
              }
            />
          </span>
          <ListPicker
            label="Add to list"
            lines={() => [{ ...adding, quantity }]}
            onSaved={(message) => {
              setNotice({ variant: 'success', message: `${adding.part}: ${message}` });
              setAdding(undefined);
              setVersion((n) => n + 1);
            }}
          />
          <button type="button" className="link-button" onClick={() => setAdding(undefined)}>
            Cancel
          </button>
        </section>
      )}
      {!user.fetched ? (
        <p>Loading your lists…</p>
      ) : signedIn ? (
        <AccountLists
          guest={guest}
          version={version}
          say={setNotice}
          changed={() => setVersion((n) => n + 1)}
        />
      ) : (
        <section className="lists-list" aria-labelledby="lists-guest-title">
          <h2 id="lists-guest-title">Your list</h2>
          <p>
            Kept in this browser. <a href={loginRedirect(window.location)}>Sign in</a> to keep
            several lists in your account, on any device.
          </p>
          <LinesTable lines={guest} onChange={(lines) => $guestList.set(lines)} label="Your list" />
          {guest.length > 0 && (
            <div className="lists-actions">
              <button
                type="button"
                className="brand-button"
                onClick={() => orderFrom(guest, setNotice)}
              >
                Order from this list
              </button>
              <button
                type="button"
                className="link-button"
                onClick={() => {
                  if (window.confirm('Empty your list?')) $guestList.set([]);
                }}
              >
                Empty the list
              </button>
            </div>
          )}
        </section>
      )}
    </div>
  );
}

interface AccountListsProps {
  /** The browser's list, offered to the account. */
  guest: ListLine[];
  version: number;
  say: (notice: NoticeState | null) => void;
  changed: () => void;
}

/** A signed-in customer's lists: the offer of the browser's, a new list, and each list. */
function AccountLists({ guest, version, say, changed }: AccountListsProps) {
  const [lists, setLists] = useState<ListSummary[] | undefined>();
  const [name, setName] = useState('');
  // One create at a time: a double click, or a name typed while the last one is saved.
  const [creating, setCreating] = useState(false);
  const nameId = useId();

  useEffect(() => {
    let current = true;
    accountLists.lists().then(
      (found) => current && setLists(found),
      (failure: unknown) => current && say(dangerNotice(failure)),
    );
    return () => {
      current = false;
    };
  }, [version, say]);

  async function keepGuest() {
    try {
      const saved = await accountLists.keepGuestList();
      if (saved) say({ variant: 'success', message: `Saved to your account as ‘${saved.name}’.` });
      changed();
    } catch (failure) {
      say(dangerNotice(failure));
    }
  }

  async function create() {
    if (creating) return;
    if (name.trim() === '') {
      say({ variant: 'danger', message: NAME_NEEDED });
      return;
    }
    setCreating(true);
    try {
      const list = await accountLists.create(name);
      // A name typed meanwhile is the shopper's next list: kept.
      setName((typed) => (typed === name ? '' : typed));
      say({
        variant: 'success',
        message: `‘${list.name}’ is ready: add parts from a product page or the quick order.`,
      });
      changed();
    } catch (failure) {
      say(dangerNotice(failure));
    } finally {
      setCreating(false);
    }
  }

  return (
    <>
      {guest.length > 0 && (
        <div className="notice info lists-offer">
          <p>This browser has a list of {linesText(guest.length)} from before you signed in.</p>
          <button type="button" className="ink-button" onClick={() => void keepGuest()}>
            Save it to my account
          </button>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              if (window.confirm('Discard the list saved in this browser?')) $guestList.set([]);
            }}
          >
            Discard it
          </button>
        </div>
      )}
      <form
        className="lists-new"
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <ListNameField id={nameId} label="New list" value={name} onChange={setName} />
        <button type="submit" className="ink-button" disabled={creating}>
          Create list
        </button>
      </form>
      {lists === undefined ? (
        <p>Loading your lists…</p>
      ) : lists.length === 0 ? (
        <p>No lists yet. Create one above, or save the quick order’s rows to a list.</p>
      ) : (
        <ul className="lists-index">
          {lists.map((summary) => (
            <AccountList key={summary.id} summary={summary} say={say} changed={changed} />
          ))}
        </ul>
      )}
    </>
  );
}

/** One of the account's lists: opened to show and change its lines, renamed, deleted, ordered. */
function AccountList({
  summary,
  say,
  changed,
}: {
  summary: ListSummary;
  say: (notice: NoticeState | null) => void;
  changed: () => void;
}) {
  const [list, setList] = useState<PartList | undefined>();
  const [open, setOpen] = useState(false);
  const [renaming, setRenaming] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const id = useId();

  const load = async () => {
    const found = await accountLists.list(summary.id);
    setList(found);
    return found;
  };

  // Each call waits for the one before; a failure says why and shows the list as the store has it.
  const act = async (work: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(true);
    try {
      await work();
    } catch (failure) {
      say(dangerNotice(failure));
      await load().catch(() => undefined);
    } finally {
      setBusy(false);
    }
  };

  return (
    <li className="lists-list">
      <div className="lists-head">
        <h2>
          <button
            type="button"
            className="link-button"
            aria-expanded={open}
            aria-controls={`${id}-lines`}
            onClick={() => {
              setOpen(!open);
              if (!open && !list) void act(load);
            }}
          >
            {summary.name}
          </button>
        </h2>
        <p>
          {linesText(list?.lines.length ?? summary.lineCount)} · changed{' '}
          {day(list?.updatedAt ?? summary.updatedAt)}
        </p>
        <div className="lists-actions">
          <button
            type="button"
            className="brand-button"
            disabled={busy || (list?.lines.length ?? summary.lineCount) === 0}
            onClick={() => void act(async () => orderFrom((list ?? (await load())).lines, say))}
          >
            Order from this list
          </button>
          <button type="button" className="link-button" onClick={() => setRenaming(summary.name)}>
            Rename
          </button>
          <button
            type="button"
            className="link-button"
            onClick={singleClick(() => {
              if (!window.confirm(`Delete the list ‘${summary.name}’?`)) return;
              void act(async () => {
                await accountLists.remove(summary.id);
                say({ variant: 'success', message: `‘${summary.name}’ is deleted.` });
                changed();
              });
            })}
          >
            Delete
          </button>
        </div>
      </div>
      {renaming !== undefined && (
        <form
          className="lists-new"
          onSubmit={(event) => {
            event.preventDefault();
            void act(async () => {
              await accountLists.change(summary.id, { name: renaming });
              setRenaming(undefined);
              changed();
            });
          }}
        >
          <ListNameField
            id={`${id}-name`}
            label="New name"
            value={renaming}
            onChange={setRenaming}
          />
          <button type="submit" className="ink-button" disabled={busy}>
            Save name
          </button>
          <button type="button" className="link-button" onClick={() => setRenaming(undefined)}>
            Cancel
          </button>
        </form>
      )}
      <div id={`${id}-lines`} hidden={!open}>
        {open && !list && <p>Loading…</p>}
        {list && (
          <LinesTable
            lines={list.lines}
            label={list.name}
            disabled={busy}
            onChange={(lines) =>
              void act(async () => setList(await accountLists.change(summary.id, { lines })))
            }
          />
        )}
      </div>
    </li>
  );
}

/**
 * A list's lines: each quantity changed in place (saved when the field is left), a line
 * removed, a part number added.
 */
function LinesTable({
  lines,
  label,
  disabled = false,
  onChange,
}: {
  lines: ListLine[];
  label: string;
  disabled?: boolean;
  onChange: (lines: ListLine[]) => void;
}) {
  const id = useId();
  const [part, setPart] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [problem, setProblem] = useState('');
  const partRef = useRef<HTMLInputElement>(null);

  const setQuantityAt = (at: number, value: string) => {
    const line = lines[at];
    const next = Number(value);
    if (!line || next === line.quantity) return;
    if (!Number.isInteger(next) || next < 1 || next > 9999) {
      setProblem('A quantity is a whole number from 1 to 9999.');
      return;
    }
    setProblem('');
    onChange(lines.map((other, index) => (index === at ? { ...other, quantity: next } : other)));
  };

  const add = () => {
    const line = readListLine({ part, quantity: Number(quantity) });
    if (!line) {
      setProblem('Type a part number and a quantity from 1 to 9999.');
      return;
    }
    // The same number in another spelling adds up, as every add to a list does.
    const merged = mergeLines(lines, [line]);
    if (merged.leftOut > 0) {
      setProblem(leftOutText(merged.leftOut));
      return;
    }
    setProblem('');
    onChange(merged.lines);
    setPart('');
    setQuantity('1');
    partRef.current?.focus();
  };

  return (
    <>
      {lines.length === 0 ? (
        <p>No parts in this list yet.</p>
      ) : (
        <table className="lists-lines">
          <caption className="visually-hidden">{label}</caption>
          <thead>
            <tr>
              <th scope="col">Part number</th>
              <th scope="col">Quantity</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line, at) => (
              <tr
                key={`${partKey(line.part)}-${String(line.productId ?? '')}-${String(line.variantId ?? '')}`}
              >
                <td className="lists-part">{line.part}</td>
                <td>
                  <input
                    className="lists-quantity"
                    type="number"
                    min={1}
                    max={9999}
                    defaultValue={line.quantity}
                    disabled={disabled}
                    aria-label={`Quantity of ${line.part}`}
                    onBlur={(event) => setQuantityAt(at, event.target.value)}
                    onKeyDown={(event) => {
                      if (event.key === 'Enter') setQuantityAt(at, event.currentTarget.value);
                    }}
                  />
                </td>
                <td>
                  <button
                    type="button"
                    className="link-button"
                    disabled={disabled}
                    aria-label={`Remove ${line.part}`}
                    onClick={singleClick(() => onChange(lines.filter((_, index) => index !== at)))}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form
        className="lists-new"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <span className="lists-field">
          <label htmlFor={`${id}-part`}>Part number</label>
          <input
            id={`${id}-part`}
            ref={partRef}
            value={part}
            maxLength={100}
            autoComplete="off"
            onChange={(event) => setPart(event.target.value)}
          />
        </span>
        <span className="lists-field">
          <label htmlFor={`${id}-quantity`}>Quantity</label>
          <input
            id={`${id}-quantity`}
            className="lists-quantity"
            type="number"
            min={1}
            max={9999}
            value={quantity}
            onChange={(event) => setQuantity(event.target.value)}
          />
        </span>
        <button type="submit" className="ink-button" disabled={disabled}>
          Add to this list
        </button>
      </form>
      {problem && (
        <p className="notice danger" role="alert">
          {problem}
        </p>
      )}
    </>
  );
}

export default withErrorBoundary(SavedLists);
