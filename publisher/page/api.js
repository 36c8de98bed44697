// @ts-check
/**
 * The publish API (publisher/service.ts) as its clients call it: the merchandiser page
 * (app.js) and the CLI (publisher/remote.ts). One function per call, each resolving with the
 * reply's contract type (shared/contracts/publish.ts) or rejecting with a PublishApiError.
 * Plain JavaScript with JSDoc types, served as is: src/lib/api is TypeScript bundled by
 * Astro, and the page has no build step; tsc checks it against the contract.
 *
 * @import { PublishOverview, PublishRecord, PublishReply, PublishRequest } from '../../shared/contracts/publish.ts'
 */

/** The contract's PUBLISH_API: the page cannot import TypeScript (api.test.ts checks they agree). */
export const PUBLISH_API = '/api/admin/publish';

/**
 * Why a call failed: `status` is the API's (0 when no reply came: `cause` says why) and
 * `body` its reply, read as JSON (null when it was not). The message is the API's own words,
 * else the status.
 */
export class PublishApiError extends Error {
  /**
   * @param {number} status
   * @param {unknown} body
   * @param {{ cause?: unknown }} [options]
   */
  constructor(status, body, options) {
    super(errorText(status, body, options?.cause), options);
    this.name = 'PublishApiError';
    this.status = status;
    this.body = body;
  }
}

/**
 * @param {number} status
 * @param {unknown} body
 * @param {unknown} cause
 */
function errorText(status, body, cause) {
  if (status === 0) return cause instanceof Error ? cause.message : 'No reply.';
  if (typeof body === 'object' && body !== null && 'error' in body) {
    const { error } = /** @type {{ error: unknown }} */ (body);
    if (typeof error === 'string' && error !== '') return error;
  }
  return `The publisher answered ${String(status)}.`;
}

/**
 * @typedef {object} PublishApiOptions
 * @property {string} token the merchandiser token
 * @property {string} [name] who is publishing (X-Merchandiser)
 * @property {PublishRequest['trigger']} [trigger] sent as a POST's body; without it, none
 *   (the API's own trigger)
 * @property {string | URL} [base] the store's address; without it, this page's
 * @property {number} [timeoutMs] how long a call may take
 * @property {(input: string | URL, init: RequestInit) => Promise<Response>} [fetch]
 */

/**
 * The publish API's calls with one merchandiser's token.
 * @param {PublishApiOptions} options
 * @example
 * const api = publishApi({ token, name: 'Dana', trigger: 'page' });
 * const { publishes } = await api.overview();
 */
export function publishApi(options) {
  const send = options.fetch ?? ((input, init) => fetch(input, init));
  /**
   * @param {'GET' | 'POST'} method
   * @param {string} path
   * @returns {Promise<unknown>}
   */
  async function call(method, path) {
    /** @type {Record<string, string>} */
    const headers = { Accept: 'application/json', Authorization: `Bearer ${options.token}` };
    if (options.name) headers['X-Merchandiser'] = options.name;
    /** @type {RequestInit} */
    const init = { method, headers, cache: 'no-store', credentials: 'omit' };
    if (method === 'POST' && options.trigger) {
      headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(/** @type {PublishRequest} */ ({ trigger: options.trigger }));
    }
    if (options.timeoutMs !== undefined) init.signal = AbortSignal.timeout(options.timeoutMs);
    let response;
    let body;
    try {
      response = await send(options.base ? new URL(path, options.base) : path, init);
      body = /** @type {unknown} */ (await response.json().catch(() => null));
    } catch (cause) {
      throw new PublishApiError(0, null, { cause });
    }
    if (!response.ok) throw new PublishApiError(response.status, body);
    return body;
  }
  /** @param {string} path */
  const record = async (path) => /** @type {PublishReply} */ (await call('POST', path)).publish;
  return {
    /** GET: what is live, what is not yet, and the publishes. */
    overview: async () => /** @type {PublishOverview} */ (await call('GET', PUBLISH_API)),
    /**
     * POST: a publish queued (or the one already queued).
     * @returns {Promise<PublishRecord>}
     */
    publish: () => record(PUBLISH_API),
    /**
     * POST rollback: the previous release live again (409 when there is none).
     * @returns {Promise<PublishRecord>}
     */
    rollBack: () => record(`${PUBLISH_API}/rollback`),
    /**
     * GET one publish by its id.
     * @param {string} id
     * @returns {Promise<PublishRecord>}
     */
    get: async (id) =>
      /** @type {PublishReply} */ (await call('GET', `${PUBLISH_API}/${encodeURIComponent(id)}`))
        .publish,
  };
}
