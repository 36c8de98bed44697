// @ts-check
/**
 * The merchandiser's publish page: sign in with the merchandiser token,
 * see what is live and what is not yet, publish with a live progress bar, read the history,
 * roll back. It calls the publish API (publisher/service.ts) through ./api.js only.
 * Everything the page shows comes from ./model.js, and ./table.js fills its tables; this file
 * only renders and sends.
 *
 * @import { PublishOverview, PublishRecord } from '../../shared/contracts/publish.ts'
 */
import { PublishApiError, publishApi } from './api.js';
import {
  BUSY_POLL_MS,
  HISTORY_ROWS,
  IDLE_POLL_MS,
  NAME_PATTERN,
  PENDING_ROWS,
  announcement,
  canPublish,
  changeRow,
  followed,
  formatWhen,
  historyRow,
  pendingSummary,
  forecastText,
  progressBar,
  progressText,
  refusalText,
  rollBackButton,
} from './model.js';
import { changeCells, fillTable, historyCells } from './table.js';

/** The token lives in this tab only (the brief: "kept in sessionStorage only"). */
const SESSION_KEY = 'merchandiser-publish-session';

/**
 * @typedef {{ token: string, name: string }} Session
 */
/**
 * @template T
 * @typedef {{ ok: true, body: T } | { ok: false, status: number, error: string }} Reply
 */

/**
 * @template {HTMLElement} T
 * @param {string} id
 * @param {new () => T} type
 * @returns {T}
 */
function element(id, type) {
  const found = document.getElementById(id);
  if (!(found instanceof type)) throw new Error(`The page has no #${id}`);
  return found;
}

const ui = {
  signIn: element('sign-in', HTMLElement),
  signInForm: element('sign-in-form', HTMLFormElement),
  token: element('token', HTMLInputElement),
  name: element('name', HTMLInputElement),
  who: element('who', HTMLElement),
  whoName: element('who-name', HTMLElement),
  signOut: element('sign-out', HTMLButtonElement),
  notice: element('notice', HTMLElement),
  dashboard: element('dashboard', HTMLElement),
  live: element('live', HTMLElement),
  pendingSummary: element('pending-summary', HTMLElement),
  forecast: element('forecast', HTMLElement),
  publish: element('publish', HTMLButtonElement),
  progressBox: element('progress-box', HTMLElement),
  progress: element('progress', HTMLProgressElement),
  progressText: element('progress-text', HTMLElement),
  status: element('status', HTMLElement),
  pendingBox: element('pending-box', HTMLElement),
  pendingRows: element('pending-rows', HTMLTableSectionElement),
  pendingMore: element('pending-more', HTMLElement),
  historyBox: element('history-box', HTMLElement),
  historyRows: element('history-rows', HTMLTableSectionElement),
  historyEmpty: element('history-empty', HTMLElement),
  rollbackBox: element('rollback-box', HTMLElement),
  rollback: element('rollback', HTMLButtonElement),
  rollbackConfirm: element('rollback-confirm', HTMLElement),
  rollbackYes: element('rollback-yes', HTMLButtonElement),
  rollbackNo: element('rollback-no', HTMLButtonElement),
};

const state = {
  /** @type {Session | null} */
  session: readSession(),
  /** @type {PublishOverview | null} the last overview that arrived; kept through network failures */
  overview: null,
  /** A publish or rollback request of this page is on its way. */
  sending: false,
  /** @type {string} what the live region said last, so that it speaks only of a change */
  said: '',
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  timer: undefined,
  /** Bumped at sign-out: a reply to an earlier session is dropped. */
  generation: 0,
};

/** @returns {Session | null} */
function readSession() {
  try {
    const raw = sessionStorage.getItem(SESSION_KEY);
    if (raw === null) return null;
    const parsed = /** @type {unknown} */ (JSON.parse(raw));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { token, name } = /** @type {{ token?: unknown, name?: unknown }} */ (parsed);
    return typeof token === 'string' && token !== ''
      ? { token, name: typeof name === 'string' ? name : '' }
      : null;
  } catch {
    return null;
  }
}

/**
 * One call of the publish API (./api.js) with this tab's session. A 401 signs out; a network
 * failure is a reply too, so callers show it and the next poll tries again.
 * @template T
 * @param {(api: ReturnType<typeof publishApi>) => Promise<T>} request
 * @returns {Promise<Reply<T>>}
 */
async function call(request) {
  const session = state.session;
  if (!session) return { ok: false, status: 401, error: 'Sign in first.' };
  const generation = state.generation;
  let body;
  try {
    body = await request(publishApi({ token: session.token, name: session.name, trigger: 'page' }));
  } catch (error) {
    if (!(error instanceof PublishApiError)) throw error;
    if (error.status === 0) {
      return {
        ok: false,
        status: 0,
        error: "Cannot reach the store's server. The page keeps trying; nothing is lost.",
      };
    }
    if (generation !== state.generation) return { ok: false, status: 0, error: '' };
    if (error.status === 401) {
      signOut('The merchandiser token was not accepted. Sign in again.');
      return { ok: false, status: 401, error: '' };
    }
    return { ok: false, status: error.status, error: refusalText(error.status, error.body) };
  }
  if (generation !== state.generation) return { ok: false, status: 0, error: '' };
  return { ok: true, body };
}

/** @param {string} text an empty text hides the notice */
function notify(text) {
  ui.notice.textContent = text;
  ui.notice.hidden = text === '';
}

/**
 * Asks for the overview, shows it, and asks again: every second while a publish is queued
 * or running, less often otherwise. A failed request keeps what is shown and tries again.
 */
async function poll() {
  clearTimeout(state.timer);
  const generation = state.generation;
  const reply = await call((api) => api.overview());
  if (generation !== state.generation || !state.session) return;
  if (reply.ok) {
    const first = state.overview === null;
    state.overview = reply.body;
    if (first) showDashboard();
    if (!ui.notice.dataset['sticky']) notify('');
  } else if (reply.error) {
    notify(reply.error);
  }
  render();
  // A forecast being worked out is asked for again as soon as a publish's progress would be.
  const busy =
    state.overview !== null &&
    (followed(state.overview.publishes).current !== null ||
      state.overview.next?.state === 'working');
  state.timer = setTimeout(() => void poll(), busy || !reply.ok ? BUSY_POLL_MS : IDLE_POLL_MS);
}

/**
 * Sends a publish or a rollback; the reply's record shows at once, and polling follows it.
 * @param {(api: ReturnType<typeof publishApi>) => Promise<PublishRecord>} request
 */
async function send(request) {
  if (state.sending) return;
  state.sending = true;
  render();
  const reply = await call(request);
  state.sending = false;
  if (reply.ok) {
    const publish = reply.body;
    delete ui.notice.dataset['sticky'];
    notify('');
    speak(announcement(publish));
  } else if (reply.error) {
    // Kept past the next poll: a refusal (409) is not something a retry fixes.
    ui.notice.dataset['sticky'] = 'yes';
    notify(reply.error);
  }
  await poll();
}

/** @param {string} text */
function speak(text) {
  if (text === state.said) return;
  state.said = text;
  ui.status.textContent = text;
}

function showDashboard() {
  ui.signIn.hidden = true;
  ui.dashboard.hidden = false;
  ui.who.hidden = false;
  ui.whoName.textContent = state.session?.name || 'merchandiser';
}

/** @param {string} message why, shown on the sign-in form */
function signOut(message) {
  state.generation += 1;
  clearTimeout(state.timer);
  state.session = null;
  state.overview = null;
  state.said = '';
  sessionStorage.removeItem(SESSION_KEY);
  ui.dashboard.hidden = true;
  ui.who.hidden = true;
  ui.signIn.hidden = false;
  ui.status.textContent = '';
  delete ui.notice.dataset['sticky'];
  notify(message);
  ui.token.value = '';
  ui.token.focus();
}

function render() {
  const overview = state.overview;
  if (!overview) return;
  const live = overview.live;
  ui.live.textContent = live
    ? `Release ${live.id}, published ${formatWhen(live.publishedAt)}.`
    : 'Nothing has been published yet.';
  ui.pendingSummary.textContent = pendingSummary(overview.pending);
  ui.forecast.textContent = forecastText(overview.next);

  ui.publish.disabled = !canPublish(overview, state.sending);
  const { current, waiting } = followed(overview.publishes);
  ui.progressBox.hidden = current === null;
  if (current) {
    const bar = current.state === 'running' ? progressBar(current.progress) : null;
    if (bar) {
      ui.progress.max = bar.max;
      ui.progress.value = bar.value;
    } else {
      ui.progress.removeAttribute('value');
    }
    ui.progressText.textContent =
      progressText(current) + (waiting ? ' · another publish is queued after it' : '');
    speak(announcement(current));
  } else {
    const last = overview.publishes[0];
    if (last && state.said !== '') speak(announcement(last));
  }

  const rollBack = rollBackButton(overview, state.sending);
  ui.rollbackBox.hidden = !rollBack.shown;
  ui.rollback.disabled = !rollBack.enabled;
  if (!rollBack.enabled) closeConfirm();

  const changes = overview.pending.changes
    .slice(0, PENDING_ROWS)
    .map((change) => changeRow(change));
  ui.pendingBox.hidden = changes.length === 0;
  fillTable(ui.pendingRows, changes, changeCells);
  const beyond = overview.pending.count - changes.length;
  ui.pendingMore.textContent =
    beyond > 0
      ? `and ${beyond.toLocaleString('en-US')}${overview.pending.more ? ' or more' : ''} more`
      : '';

  const history = overview.publishes.slice(0, HISTORY_ROWS).map((record) => historyRow(record));
  ui.historyBox.hidden = history.length === 0;
  ui.historyEmpty.hidden = history.length > 0;
  fillTable(ui.historyRows, history, historyCells, (row) =>
    row.error ? `Why it failed: ${row.error}` : '',
  );
}

function closeConfirm() {
  if (ui.rollbackConfirm.hidden) return;
  ui.rollbackConfirm.hidden = true;
  ui.rollback.hidden = false;
}

ui.signInForm.addEventListener('submit', (event) => {
  event.preventDefault();
  const token = ui.token.value.trim();
  const name = ui.name.value.trim();
  if (token === '') return notify('Enter the merchandiser token.');
  if (name !== '' && !NAME_PATTERN.test(name)) {
    return notify('Your name: use 1 to 64 letters, digits, spaces and . @ _ - only.');
  }
  state.session = { token, name };
  sessionStorage.setItem(SESSION_KEY, JSON.stringify(state.session));
  notify('');
  void poll();
  return undefined;
});

ui.signOut.addEventListener('click', () => signOut('Signed out.'));
ui.publish.addEventListener('click', () => void send((api) => api.publish()));
ui.rollback.addEventListener('click', () => {
  ui.rollback.hidden = true;
  ui.rollbackConfirm.hidden = false;
  ui.rollbackNo.focus();
});
ui.rollbackNo.addEventListener('click', () => {
  closeConfirm();
  ui.rollback.focus();
});
ui.rollbackYes.addEventListener('click', () => {
  closeConfirm();
  void send((api) => api.rollBack());
});

if (state.session) {
  ui.name.value = state.session.name;
  void poll();
} else {
  ui.token.focus();
}
