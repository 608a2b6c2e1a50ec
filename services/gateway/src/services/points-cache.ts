/*
 * The month's leaderboard and golfers' positions as this process last had them from gamification, so
 * the home screen (which shows both on every visit, and the leaderboard screen which polls them) does
 * not cost a round trip to gamification and its database each time. Kept as the JSON text sent.
 *
 * Why a short staleness is fine, and how short:
 * - points reach gamification asynchronously anyway (outbox, queue, award); the screens poll every 5 s;
 * - an entry is trusted for POINTS_CACHE_TTL_MS at most, so any change shows within that time;
 * - the points.awarded event this process consumes drops the leaderboard and that golfer's position
 *   at once (jobs/events.ts), so a golfer usually sees their own points without waiting for the TTL.
 *   The queue hands each event to one gateway process: the others catch up within the TTL, and so do
 *   the positions of golfers someone else passed.
 * - the leaderboard is the same for everyone (a public board); a position is cached per golfer and only
 *   ever answered to that golfer (the route checks the id is the caller's own first).
 * Concurrent misses share one upstream call (`pending`), so an expiry under load costs one call, not many.
 */

interface Entry {
  json: string;
  freshUntil: number;
}

interface Loading {
  promise: Promise<string>;
  /** Set by forget(): the answer may predate the change, so it is handed to its callers but not stored. */
  stale: boolean;
}

class TtlCache<K> {
  private readonly entries = new Map<K, Entry>();
  private readonly pending = new Map<K, Loading>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {}

  /** The cached JSON of `key`, or `load()`'s answer (stored when it succeeds); a failure is never cached. */
  async get(key: K, load: () => Promise<string>): Promise<string> {
    const hit = this.entries.get(key);
    if (hit && this.now() < hit.freshUntil) return hit.json;
    if (this.ttlMs <= 0) return load();
    const running = this.pending.get(key);
    if (running) return running.promise;
    const loading: Loading = { promise: load(), stale: false };
    this.pending.set(key, loading);
    try {
      const json = await loading.promise;
      if (!loading.stale) this.store(key, json);
      return json;
    } finally {
      if (this.pending.get(key) === loading) this.pending.delete(key);
    }
  }

  forget(key: K): void {
    this.entries.delete(key);
    const loading = this.pending.get(key);
    if (loading) loading.stale = true;
    this.pending.delete(key);
  }

  private store(key: K, json: string): void {
    this.entries.delete(key);
    while (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { json, freshUntil: this.now() + this.ttlMs });
  }
}

/** Only one leaderboard exists (this month's), so it has one key. */
const BOARD = 'month';

export class PointsCache {
  private readonly board: TtlCache<string>;
  private readonly positions: TtlCache<number>;

  constructor(ttlMs: number, maxPositions: number, now: () => number = Date.now) {
    this.board = new TtlCache(ttlMs, 1, now);
    this.positions = new TtlCache(ttlMs, maxPositions, now);
  }

  leaderboard(load: () => Promise<string>): Promise<string> {
    return this.board.get(BOARD, load);
  }

  position(userId: number, load: () => Promise<string>): Promise<string> {
    return this.positions.get(userId, load);
  }

  /** A golfer's points changed: the board and their position are read again on the next call. */
  pointsChanged(userId: number): void {
    this.board.forget(BOARD);
    this.positions.forget(userId);
  }
}
