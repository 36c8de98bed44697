import { useEffect, useId, useRef, useState } from 'react';
import { LIST_NAME_MAX } from '../../../shared/parts/part-list.ts';
import { messageOf } from '../../lib/account/api.ts';
import { loginRedirect } from '../../lib/account/next-path.ts';
import { $user, loadUser, USER_NOT_FETCHED } from '../../stores/account.ts';
import {
  accountLists,
  addToGuestList,
  leftOutText,
  type ListLine,
  type ListSummary,
} from '../../stores/part-lists.ts';
import { useHydratingStore } from '../shared/index.ts';
import './lists.css';

/** Said when a new list has no name (the field is required; spaces alone are no name). */
export const NAME_NEEDED = 'Give the new list a name.';

/** A list's name field, its label above (a new list, a rename). */
export function ListNameField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <span className="lists-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        required
        maxLength={LIST_NAME_MAX}
        placeholder="Dock 3 monthly"
        onChange={(event) => onChange(event.target.value)}
      />
    </span>
  );
}

/** The choice that makes a new list. */
const NEW_LIST = 'new';

interface Props {
  /** What is saved, in the button's words: 'Save 40 lines'. */
  label: string;
  /** The lines to save, read when the button is pressed. */
  lines: () => ListLine[];
  /** Told what happened, in the shopper's words, once the lines are saved. */
  onSaved: (message: string) => void;
}

/**
 * Saves lines to a list (issue 32, item 9), on the lists page ('Add to a list' from a product
 * page) and in the quick-order pad: a signed-in customer picks one of the account's lists, the
 * last changed first, or names a new one; a guest's lines go to the one list this browser
 * keeps, with a way to sign in and keep several.
 */
export function ListPicker({ label, lines, onSaved }: Props) {
  const id = useId();
  const user = useHydratingStore($user, USER_NOT_FETCHED);
  const [lists, setLists] = useState<ListSummary[] | undefined>();
  const [choice, setChoice] = useState(NEW_LIST);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  // A second press before the first save has answered (a double click) saves nothing twice.
  const busy = useRef(false);
  const signedIn = user.user !== null;

  useEffect(() => {
    void loadUser();
  }, []);
  useEffect(() => {
    if (!signedIn) return;
    accountLists.lists().then(
      (found) => {
        setLists(found);
        setChoice(found[0] ? String(found[0].id) : NEW_LIST);
      },
      (failure: unknown) => setError(messageOf(failure)),
    );
  }, [signedIn]);

  async function save() {
    if (busy.current) return;
    setError('');
    const adding = lines();
    if (!signedIn) {
      const leftOut = addToGuestList(adding);
      onSaved(
        [`Saved to your list in this browser.`, leftOut > 0 ? leftOutText(leftOut) : '']
          .filter(Boolean)
          .join(' '),
      );
      return;
    }
    if (choice === NEW_LIST && name.trim() === '') {
      setError(NAME_NEEDED);
      return;
    }
    busy.current = true;
    setSaving(true);
    try {
      const list =
        choice === NEW_LIST
          ? await accountLists.create(name, adding)
          : await accountLists.add(Number(choice), adding);
      setLists((before) => [
        { id: list.id, name: list.name, lineCount: list.lines.length, updatedAt: list.updatedAt },
        ...(before ?? []).filter((other) => other.id !== list.id),
      ]);
      setChoice(String(list.id));
      setName('');
      onSaved(`Saved to ‘${list.name}’.`);
    } catch (failure) {
      setError(messageOf(failure));
    } finally {
      busy.current = false;
      setSaving(false);
    }
  }

  const waiting = !user.fetched || (signedIn && lists === undefined && error === '');
  return (
    <form
      className="list-picker"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      {signedIn ? (
        <>
          <span className="lists-field">
            <label htmlFor={`${id}-list`}>List</label>
            <select
              id={`${id}-list`}
              value={choice}
              disabled={waiting}
              onChange={(event) => setChoice(event.target.value)}
            >
              {(lists ?? []).map((list) => (
                <option key={list.id} value={String(list.id)}>
                  {`${list.name} (${String(list.lineCount)} ${list.lineCount === 1 ? 'line' : 'lines'})`}
                </option>
              ))}
              <option value={NEW_LIST}>A new list…</option>
            </select>
          </span>
          {choice === NEW_LIST && (
            <ListNameField
              id={`${id}-name`}
              label="New list’s name"
              value={name}
              onChange={setName}
            />
          )}
        </>
      ) : (
        <p className="list-picker-guest">
          Your list in this browser.{' '}
          {user.fetched && (
            <a href={loginRedirect(window.location)}>Sign in to keep several lists</a>
          )}
        </p>
      )}
      <button type="submit" className="ink-button" disabled={waiting || saving}>
        {saving ? 'Saving…' : label}
      </button>
      {error && (
        <p className="notice danger" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
