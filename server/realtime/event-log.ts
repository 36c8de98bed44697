import type { StoreVisit } from './visit.ts';

/**
 * One entry of the event log that merchandisers and tests read through GET
 * /api/admin/realtime. A leave or disconnect carries the path of the visit it ended. The
 * log keeps whether a visit was located, never the coordinates themselves, and never who
 * sent it.
 */
export interface RealtimeEvent {
  /** Increasing number; pass the last one seen as `since` to read only newer events. */
  seq: number;
  type: 'visit' | 'leave' | 'disconnect';
  /** The visited path (for a leave or disconnect: the path of the visit it ended). */
  path: string;
  /** Whether the visit (for a leave or disconnect: the visit it ended) had coordinates. */
  located: boolean;
  /** ISO time the server handled the event. */
  at: string;
}

/** Options of {@link EventLog}. */
export interface EventLogOptions {
  /** How many events the log keeps (the oldest go first). */
  size: number;
  /** How many of them one client may hold: past it, its own oldest go first. */
  perClient: number;
  now: () => number;
}

/**
 * The newest events, oldest first, where no client can push out the others': each client
 * holds at most `perClient` entries, and a new one of a client at its share replaces that
 * client's oldest. A flood from one address churns its own share only; pushing the others'
 * entries out takes `size / perClient` clients.
 */
export class EventLog {
  private readonly entries: { event: RealtimeEvent; client: string }[] = [];
  private readonly held = new Map<string, number>();
  private readonly options: EventLogOptions;
  private seq = 0;

  constructor(options: EventLogOptions) {
    this.options = {
      ...options,
      size: Math.max(1, options.size),
      perClient: Math.max(1, options.perClient),
    };
  }

  /** Records an event of `client`. */
  record(client: string, type: RealtimeEvent['type'], visit: StoreVisit): void {
    this.seq += 1;
    const at = new Date(this.options.now()).toISOString();
    const located = visit.coordinates !== undefined;
    const event: RealtimeEvent = { seq: this.seq, type, path: visit.path, located, at };
    if ((this.held.get(client) ?? 0) >= this.options.perClient) {
      this.drop(this.entries.findIndex((entry) => entry.client === client));
    }
    this.entries.push({ event, client });
    this.held.set(client, (this.held.get(client) ?? 0) + 1);
    if (this.entries.length > this.options.size) this.drop(0);
  }

  /** The events after `since`, oldest first. */
  events(since = 0): RealtimeEvent[] {
    return this.entries.filter(({ event }) => event.seq > since).map(({ event }) => event);
  }

  private drop(index: number): void {
    const [gone] = this.entries.splice(index, 1);
    if (gone === undefined) return;
    const left = (this.held.get(gone.client) ?? 1) - 1;
    if (left > 0) this.held.set(gone.client, left);
    else this.held.delete(gone.client);
  }
}
