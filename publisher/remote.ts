import { PublishApiError, publishApi } from './page/api.js';
import type { PublishOverview, PublishRecord } from './types.ts';

/** Thrown when no store answers at the URL (the CLI then publishes in its own process). */
export class NoPublisher extends Error {}

/**
 * The publish API of a running store (publisher/service.ts) as the CLI uses it:
 * through the store's own web server, with the merchandiser token, by the page's own client
 * (publisher/page/api.js).
 */
export class RemotePublisher {
  readonly #origin: string;
  readonly #api: ReturnType<typeof publishApi>;

  constructor(siteUrl: string, adminToken: string, merchandiser?: string) {
    this.#origin = new URL(siteUrl).origin;
    this.#api = publishApi({
      token: adminToken,
      ...(merchandiser ? { name: merchandiser } : {}),
      base: siteUrl,
      timeoutMs: 15_000,
    });
  }

  request(): Promise<PublishRecord> {
    return this.#call(() => this.#api.publish(), { absentOn404: true });
  }

  get(id: string): Promise<PublishRecord> {
    return this.#call(() => this.#api.get(id));
  }

  rollback(): Promise<PublishRecord> {
    return this.#call(() => this.#api.rollBack());
  }

  overview(): Promise<PublishOverview> {
    return this.#call(() => this.#api.overview());
  }

  /** Polls a publish until it is done or failed, telling `onUpdate` of each state. */
  async follow(id: string, onUpdate: (record: PublishRecord) => void): Promise<PublishRecord> {
    for (;;) {
      const record = await this.get(id);
      onUpdate(record);
      if (record.state === 'done' || record.state === 'failed') return record;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }

  /**
   * One call: no reply is NoPublisher, and so is a 404 with `absentOn404` (asking for a
   * publish: not our store, or one without a publisher, a bare `npm run serve`); another
   * refusal, the API's words.
   */
  async #call<T>(call: () => Promise<T>, { absentOn404 = false } = {}): Promise<T> {
    try {
      return await call();
    } catch (error) {
      if (!(error instanceof PublishApiError)) throw error;
      if (error.status === 0)
        throw new NoPublisher(`No store answers at ${this.#origin}: ${error.message}`);
      if (error.status === 404 && absentOn404)
        throw new NoPublisher(`The store at ${this.#origin} has no publisher.`);
      throw new Error(error.message, { cause: error });
    }
  }
}
