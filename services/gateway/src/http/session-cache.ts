/*
 * Signed-in golfers' sessions as this process last read them, so the calls of one screen (a home
 * screen makes eight) cost one session lookup in PostgreSQL instead of eight.
 *
 * Why this stays correct:
 * - A session ended through this process (sign-out, signing a device out, a password change ending
 *   the other devices, a new sign-in replacing the browser's session) is dropped here in the same
 *   request, before its answer leaves: it stops working at once on this process.
 * - Another gateway process may still hold an ended session for at most SESSION_CACHE_TTL_MS (an
 *   entry is never used past it): that is the documented delay of a sign-out on other processes.
 * - An entry is never used past the session's own expires_at, so the cache never lengthens a session.
 * - Only user sessions are cached; admin sessions are looked up every time (few calls, more power).
 * - Unknown tokens are never cached: a session created a moment later is found on its first call.
 * - A lookup that was under way while any session ended is not cached (`generation`): its row may
 *   have been read just before the delete, and caching it would revive the ended session for a TTL.
 */

export interface CachedSession {
  id: number;
  userId: number;
  /** The session's own expiry (epoch ms). */
  expiresAt: number;
  /** Its last_seen_at as last read or written by this process (epoch ms): spares redundant touches. */
  lastSeenAt: number;
}

interface Entry {
  session: CachedSession;
  /** This process re-reads the row after this moment (epoch ms). */
  freshUntil: number;
}

export class SessionCache {
  private readonly byToken = new Map<string, Entry>();
  /** Counts the forgets; a lookup passes the value it started with to set(). */
  private forgets = 0;

  constructor(
    /** How long an entry is trusted; 0 turns the cache off (every call reads PostgreSQL). */
    readonly ttlMs: number,
    /** Most entries kept; the oldest go first (a Map keeps insertion order). */
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  /** Read before looking a session up in PostgreSQL; hand it to set() with the row. */
  get generation(): number {
    return this.forgets;
  }

  get size(): number {
    return this.byToken.size;
  }

  /** The live session of this token hash, when this process read it within the TTL. */
  get(tokenHash: string): CachedSession | undefined {
    const entry = this.byToken.get(tokenHash);
    if (!entry) return undefined;
    const now = this.now();
    if (now >= entry.freshUntil || now >= entry.session.expiresAt) {
      this.byToken.delete(tokenHash);
      return undefined;
    }
    return entry.session;
  }

  /** Keeps a row read from PostgreSQL, unless a session ended since the lookup began (`generation`). */
  set(tokenHash: string, session: CachedSession, generation: number): void {
    if (!this.enabled || generation !== this.forgets) return;
    this.byToken.delete(tokenHash);
    while (this.byToken.size >= this.maxEntries) this.byToken.delete(this.byToken.keys().next().value!);
    this.byToken.set(tokenHash, { session, freshUntil: this.now() + this.ttlMs });
  }

  /** This process just recorded the session's activity: the next calls need not (see needsTouch in routes/auth.ts). */
  touched(tokenHash: string, at = this.now()): void {
    const entry = this.byToken.get(tokenHash);
    if (entry) entry.session.lastSeenAt = at;
  }

  /** The session of this token ended (sign-out, replaced by a new sign-in). */
  forgetToken(tokenHash: string): void {
    this.forgets++;
    this.byToken.delete(tokenHash);
  }

  /** Sessions matching `ended` ended (one device signed out, or all of a user's but one). */
  forgetWhere(ended: (session: CachedSession) => boolean): void {
    this.forgets++;
    for (const [hash, entry] of this.byToken) if (ended(entry.session)) this.byToken.delete(hash);
  }

  forgetSession(sessionId: number): void {
    this.forgetWhere((s) => s.id === sessionId);
  }

  /** Every session of the user except `keepSessionId` (a password change signs the other devices out). */
  forgetUserSessions(userId: number, keepSessionId?: number): void {
    this.forgetWhere((s) => s.userId === userId && s.id !== keepSessionId);
  }
}
