import type { Kysely, Transaction } from 'kysely';
import type { BillingDatabase } from './schema.js';

export type Db = Kysely<BillingDatabase> | Transaction<BillingDatabase>;
