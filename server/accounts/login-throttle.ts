/** Options of {@link LoginThrottle}; the defaults are the store's. */
export interface LoginThrottleOptions {
  /** Milliseconds since the epoch; tests pass a fake clock. */
  now: () => number;
  /** Failed sign-ins of one email, from anywhere, after which sign-in asks for the bot check. */
  botCheckAfter?: number;
  /** Failed sign-ins of one email from one address before that pair must wait. */
  freeFailures?: number;
  /** The first wait of a pair; each further failure doubles it. */
  firstDelayMs?: number;
  /** The longest wait of a pair. */
  maxDelayMs?: number;
  /** Failures are forgotten this long after the last one. */
  forgetAfterMs?: number;
  /** Most keys remembered; past it the oldest are dropped (memory stays bounded). */
  maxKeys?: number;
}

interface Failures {
  count: number;
  last: number;
}

/**
 * The memory of failed sign-ins ("No lockout by strangers"). Two counters,
 * neither of which can shut the owner out:
 * - per email and client address: after `freeFailures`, that pair waits before its next try,
 *   1 s, 2 s, 4 s... up to `maxDelayMs`. Strangers elsewhere never touch the owner's pair.
 * - per email, from anywhere: after `botCheckAfter`, every sign-in of that email must carry a
 *   bot-check token. The owner passes it and gets in; a guessing script does not.
 * Emails are counted as strings, known or not, so the bot-check demand says nothing about
 * which addresses have accounts. The per-address limit on every attempt (rate-limit.ts)
 * stays in front of both. One API process keeps these in memory, as rate-limit.ts does.
 */
export class LoginThrottle {
  private readonly byAccount = new Map<string, Failures>();
  private readonly byPair = new Map<string, Failures>();
  private readonly now: () => number;
  private readonly botCheckAfter: number;
  private readonly freeFailures: number;
  private readonly firstDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly forgetAfterMs: number;
  private readonly maxKeys: number;

  constructor({
    now,
    botCheckAfter = 5,
    freeFailures = 3,
    firstDelayMs = 1000,
    maxDelayMs = 15 * 60_000,
    forgetAfterMs = 60 * 60_000,
    maxKeys = 50_000,
  }: LoginThrottleOptions) {
    this.now = now;
    this.botCheckAfter = botCheckAfter;
    this.freeFailures = freeFailures;
    this.firstDelayMs = firstDelayMs;
    this.maxDelayMs = maxDelayMs;
    this.forgetAfterMs = forgetAfterMs;
    this.maxKeys = maxKeys;
  }

  /** Seconds this email must still wait before trying again from this address; 0: it may. */
  waitSeconds(email: string, address: string): number {
    const entry = this.current(this.byPair, pairKey(email, address));
    if (entry === undefined || entry.count < this.freeFailures) return 0;
    const delay = Math.min(
      this.maxDelayMs,
      this.firstDelayMs * 2 ** (entry.count - this.freeFailures),
    );
    const left = entry.last + delay - this.now();
    return left > 0 ? Math.ceil(left / 1000) : 0;
  }

  /** Whether sign-ins of this email must now carry a bot-check token. */
  needsBotCheck(email: string): boolean {
    return (this.current(this.byAccount, accountKey(email))?.count ?? 0) >= this.botCheckAfter;
  }

  /** Counts a wrong password (or an unknown email) for this email and address. */
  failed(email: string, address: string): void {
    this.bump(this.byAccount, accountKey(email));
    this.bump(this.byPair, pairKey(email, address));
  }

  /**
   * A right password: the pair's failures are forgotten. The email's count is kept, so that
   * an owner signing in does not hand a guesser elsewhere a fresh set of tries without the
   * bot check.
   */
  succeeded(email: string, address: string): void {
    this.byPair.delete(pairKey(email, address));
  }

  private current(map: Map<string, Failures>, key: string): Failures | undefined {
    const entry = map.get(key);
    if (entry !== undefined && this.now() - entry.last > this.forgetAfterMs) {
      map.delete(key);
      return undefined;
    }
    return entry;
  }

  private bump(map: Map<string, Failures>, key: string): void {
    const entry = this.current(map, key);
    // Re-inserted, so the map's order stays oldest failure first for the trimming below.
    map.delete(key);
    map.set(key, { count: (entry?.count ?? 0) + 1, last: this.now() });
    for (const oldest of map.keys()) {
      if (map.size <= this.maxKeys) break;
      map.delete(oldest);
    }
  }
}

/** One key per mailbox, as customers.email compares (NOCASE), whatever spacing was typed. */
const accountKey = (email: string): string => email.trim().toLowerCase();
const pairKey = (email: string, address: string): string => `${accountKey(email)}|${address}`;
