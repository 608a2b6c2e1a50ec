import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type {
  FakeCheckoutSession,
  FakeCustomer,
  FakeEvent,
  FakeInvoice,
  FakeObject,
  FakePaymentIntent,
  FakePaymentMethod,
  FakePortalSession,
  FakePrice,
  FakeSetupIntent,
  FakeSubscription,
  Metadata,
} from './objects.js';

/** Everything the stand-in remembers. Plain JSON, so local test mode survives a restart of billing. */
export interface FakeStripeData {
  /** The test clock: the stand-in's "now" is the real time plus this offset. */
  clockOffsetMs: number;
  customers: Record<string, FakeCustomer>;
  prices: Record<string, FakePrice>;
  subscriptions: Record<string, FakeSubscription>;
  invoices: Record<string, FakeInvoice>;
  paymentIntents: Record<string, FakePaymentIntent>;
  setupIntents: Record<string, FakeSetupIntent>;
  paymentMethods: Record<string, FakePaymentMethod>;
  checkoutSessions: Record<string, FakeCheckoutSession>;
  portalSessions: Record<string, FakePortalSession>;
  /** What a Checkout Session will subscribe to (Stripe keeps line items apart from the session too). */
  checkoutLines: Record<string, { price: string; subscriptionMetadata: Metadata }>;
  /** The PaymentIntent that pays each invoice (Stripe exposes it through invoice.confirmation_secret). */
  invoiceIntents: Record<string, string>;
  /** Test control: customers whose card declines renewals. */
  decliningCustomers: Record<string, true>;
  events: FakeEvent[];
}

const emptyData = (): FakeStripeData => ({
  clockOffsetMs: 0,
  customers: {},
  prices: {},
  subscriptions: {},
  invoices: {},
  paymentIntents: {},
  setupIntents: {},
  paymentMethods: {},
  checkoutSessions: {},
  portalSessions: {},
  checkoutLines: {},
  invoiceIntents: {},
  decliningCustomers: {},
  events: [],
});

/** How many events are kept for listing (Stripe keeps 30 days; a local stand-in needs far fewer). */
const EVENTS_KEPT = 1000;

const COLLECTIONS: Record<string, keyof FakeStripeData> = {
  cus: 'customers',
  price: 'prices',
  sub: 'subscriptions',
  in: 'invoices',
  pi: 'paymentIntents',
  seti: 'setupIntents',
  pm: 'paymentMethods',
  cs: 'checkoutSessions',
  bps: 'portalSessions',
};

export class FakeStripeStore {
  data: FakeStripeData;

  /** `file`: where to keep the state between runs; none keeps it in memory only (tests). */
  constructor(private readonly file?: string) {
    this.data = emptyData();
    if (file && existsSync(file)) this.data = { ...emptyData(), ...(JSON.parse(readFileSync(file, 'utf8')) as Partial<FakeStripeData>) };
  }

  /** The test clock, in Stripe's unit (seconds since the epoch). */
  now(): number {
    return Math.floor((Date.now() + this.data.clockOffsetMs) / 1000);
  }

  /** Moves the test clock forward to `seconds` (never backwards, as Stripe's test clocks). */
  advanceTo(seconds: number): void {
    const target = seconds * 1000 - Date.now();
    if (target > this.data.clockOffsetMs) this.data.clockOffsetMs = target;
  }

  /** Any object by its id, whatever its kind (the prefix says which collection). */
  find(id: string): FakeObject | undefined {
    const prefix = id.startsWith('cs_') ? 'cs' : id.split('_')[0]!;
    const collection = COLLECTIONS[prefix];
    return collection ? ((this.data[collection] as Record<string, FakeObject>)[id] ?? undefined) : undefined;
  }

  recordEvent(event: FakeEvent): void {
    this.data.events.push(event);
    if (this.data.events.length > EVENTS_KEPT) this.data.events.splice(0, this.data.events.length - EVENTS_KEPT);
  }

  /** Writes the state atomically (a crash mid-write leaves the previous file). */
  save(): void {
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.data));
    renameSync(tmp, this.file);
  }
}
