import type { Kysely, Transaction } from 'kysely';
import type { GamificationDatabase } from './schema.js';

/** A repository runs on the pool or inside the caller's transaction (event handlers). */
export type Db = Kysely<GamificationDatabase> | Transaction<GamificationDatabase>;

/** An event handler's transaction: the inbox row and the handler's effects commit together. */
export type Trx = Transaction<GamificationDatabase>;
