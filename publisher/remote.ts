import type { PublishOverview, PublishRecord } from './types.ts';

/** Thrown when no store answers at the URL (the CLI then publishes in its own process). */
export class NoPublisher extends Error {}

/**
 * The publish API of a running store (publisher/service.ts) as the CLI uses it:
 * through the store's own web server, with the merchandiser token.
 */
export class RemotePublisher {
  readonly #base: URL;
  readonly #headers: Record<string, string>;

  constructor(siteUrl: string, adminToken: string, merchandiser?: string) {
    this.#base = new URL(siteUrl);
    this.#headers = {
      authorization: `Bearer ${adminToken}`,
      accept: 'application/json',
      ...(merchandiser ? { 'x-merchandiser': merchandiser } : {}),
    };
  }

  async request(): Promise<PublishRecord> {
    return (await this.#call<{ publish: PublishRecord }>('POST', '/api/admin/publish')).publish;
  }

  async get(id: string): Promise<PublishRecord> {
    return (await this.#call<{ publish: PublishRecord }>('GET', `/api/admin/publish/${id}`))
      .publish;
  }

  async rollback(): Promise<PublishRecord> {
    return (await this.#call<{ publish: PublishRecord }>('POST', '/api/admin/publish/rollback'))
      .publish;
  }

  overview(): Promise<PublishOverview> {
    return this.#call<PublishOverview>('GET', '/api/admin/publish');
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

  async #call<T>(method: string, path: string): Promise<T> {
    let response: Response;
    try {
      response = await fetch(new URL(path, this.#base), {
        method,
        headers: this.#headers,
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new NoPublisher(
        `No store answers at ${this.#base.origin}: ${(error as Error).message}`,
      );
    }
    // Not our store, or one without a publisher (a bare `npm run serve`).
    if (response.status === 404 && method === 'POST' && path === '/api/admin/publish')
      throw new NoPublisher(`The store at ${this.#base.origin} has no publisher.`);
    const body = (await response.json().catch(() => ({}))) as { error?: string } & T;
    if (!response.ok) {
      throw new Error(body.error ?? `The publisher answered ${String(response.status)}.`);
    }
    return body;
  }
}
