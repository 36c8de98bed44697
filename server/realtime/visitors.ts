import type { StoreVisit } from './visit.ts';

/**
 * The visitors the server has seen: a socket counts from its first valid store:visit until
 * store:leave or its disconnect, and one client (address) counts `perClient` sockets at most,
 * so a shopper's several tabs, or a thousand sockets from one address, are not a crowd.
 */
export class Visitors {
  private readonly visiting = new Map<string, { client: string; visit: StoreVisit }>();
  private readonly perClientCount = new Map<string, number>();
  private readonly perClient: number;
  private total = 0;

  constructor(perClient: number) {
    this.perClient = Math.max(1, perClient);
  }

  /** How many visitors count now. */
  count(): number {
    return this.total;
  }

  /** The visit socket `id` is on, if it is visiting. */
  visitOf(id: string): StoreVisit | undefined {
    return this.visiting.get(id)?.visit;
  }

  /** Socket `id` of `client` is on `visit` now (a later visit replaces its earlier one). */
  visit(id: string, client: string, visit: StoreVisit): void {
    if (!this.visiting.has(id)) {
      const before = this.perClientCount.get(client) ?? 0;
      this.perClientCount.set(client, before + 1);
      if (before < this.perClient) this.total += 1;
    }
    this.visiting.set(id, { client, visit });
  }

  /** Socket `id` left; returns the visit it ended, if it was visiting. */
  leave(id: string): StoreVisit | undefined {
    const entry = this.visiting.get(id);
    if (entry === undefined) return undefined;
    this.visiting.delete(id);
    const left = (this.perClientCount.get(entry.client) ?? 1) - 1;
    if (left > 0) this.perClientCount.set(entry.client, left);
    else this.perClientCount.delete(entry.client);
    if (left < this.perClient) this.total -= 1;
    return entry.visit;
  }

  /** Forgets everyone (the server closes). */
  clear(): void {
    this.visiting.clear();
    this.perClientCount.clear();
    this.total = 0;
  }
}
