import { createHash } from 'node:crypto';
import { DEFAULT_PACKAGE_PRICES_USD, PACKAGE_NAMES, REFERRAL, type PackageSlug } from '@goldbot/shared';
import { toContactMessageItem } from '../../functions/src/data/contact-message-entity.js';
import { toPaymentItem, toTxidMarkerItem } from '../../functions/src/data/payment-entity.js';
import { paymentSearchText, type PaymentRecord } from '../../functions/src/domain/records/payment-record.js';
import {
  contactBucketKey,
  contactBucketOf,
  contactBucketsBetween,
  contactStatsKey,
  paymentStatsKeys,
  subscriptionStatsKey,
  SUBSCRIPTION_PACKAGE_COUNTER,
  userStatsKeys,
  withdrawalStatsKey,
} from '../../functions/src/data/stats-entity.js';
import { toSubscriptionItem } from '../../functions/src/data/subscription-entity.js';
import type { SubscriptionRecord } from '../../functions/src/domain/records/subscription-record.js';
import { toProfileItem } from '../../functions/src/data/user-profile-entity.js';
import type { UserProfile } from '../../functions/src/domain/records/user-profile.js';
import { seededRandom } from '../local/faults.js';
import { toPendingMarkerItem, toWithdrawalItem } from '../../functions/src/data/withdrawal-entity.js';
import { withdrawalSearchText, type WithdrawalRecord } from '../../functions/src/domain/records/withdrawal-record.js';
import {
  basicPeriod,
  freeTrialPeriod,
  proPeriod,
  ultimatePeriod,
  utcDay,
  type Period,
} from '../../functions/src/domain/commerce/package-dates.js';
import { newId } from '../../functions/src/kit/ids.js';

/**
 * The data set of the capacity benchmark, built with the entity modules' own item builders so the
 * items have the keys, index attributes and sizes the stores write.
 *
 * The data grows by customers. Customer i is a verified user (GSI1 USERS) with one USDT payment
 * and its subscription; every second customer (even i) also asked for a withdrawal, every other
 * one (odd i) sent a contact message, and every tenth took a free trial first: 4.1 records per
 * customer on average, so N records are about N / 4.1 customers. The first 72 customers bought
 * each paid package once in each of the 24 months, so even the smallest set has every monthly
 * aggregate item the dashboard reads; what grows with the data is the number of rows, not the
 * number of aggregate items. Customer 73 signed up, bought Pro and was approved today, so today's
 * and this month's aggregate items exist at every scale too. Customer i is the same at every
 * scale (a pseudo-random stream seeded by its index), so a larger set is a smaller one plus more
 * customers, spread over the same 24 months before `now`. The aggregates (STATS#…, data-model
 * docs/data-model.md, "Aggregates") are accumulated from exactly the records written, as the transactions that create and
 * decide them would have left them.
 */
/** Months of history: the current month and the 23 before it. */
export const SEED_WINDOW_MONTHS = 24;
const DAY_MS = 86_400_000;
/** Pending payments and withdrawals are recent: nobody leaves a request unanswered for a year. */
const PENDING_WINDOW_DAYS = 14;
/** Records per customer: profile, payment, subscription, half a withdrawal, half a message, a tenth of a trial. */
export const RECORDS_PER_CUSTOMER = 4.1;
/** Customers needed for about `records` records. */
export const customersFor = (records: number) => Math.max(1, Math.round(records / RECORDS_PER_CUSTOMER));
export const hasWithdrawal = (index: number) => index % 2 === 0;
export const hasContactMessage = (index: number) => index % 2 === 1;
export const hasFreeTrial = (index: number) => index % 10 === 0;

export type Item = Record<string, unknown>;

/**
 * mulberry32 (the chaos run's seeded source, local/faults.ts) seeded by (stream, index): the same
 * record at every scale and on every machine.
 */
export const randomStream = (stream: number, index: number): (() => number) =>
  seededRandom(Math.imul(index + 1, 0x9e3779b1) ^ Math.imul(stream + 1, 0x85ebca77));

const STREAM = { user: 1, payment: 2, trial: 3, withdrawal: 4, contact: 5 } as const;
const pad = (i: number) => String(i).padStart(6, '0');
const hex = (random: () => number, length: number) =>
  Array.from({ length }, () => Math.floor(random() * 16).toString(16)).join('');
const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const tronAddress = (random: () => number) =>
  `T${Array.from({ length: 33 }, () => BASE58[Math.floor(random() * BASE58.length)] ?? '1').join('')}`;
const FIRST = ['james', 'maria', 'chen', 'aisha', 'lucas', 'sofia', 'omar', 'yuki', 'ivan', 'nina', 'pedro', 'lena'];
const LAST = ['smith', 'garcia', 'wang', 'khan', 'silva', 'rossi', 'haddad', 'tanaka', 'petrov', 'berg', 'costa'];
const DOMAINS = ['gmail.com', 'outlook.com', 'yahoo.com', 'proton.me', 'icloud.com'];

export interface SeedUser {
  index: number;
  userId: string;
  username: string;
  email: string;
}

/** The customer of index i (usernames and e-mails are unique: they carry the zero-padded index). */
export function seedUser(index: number): SeedUser {
  const random = randomStream(STREAM.user, index);
  const first = FIRST[Math.floor(random() * FIRST.length)] ?? 'sam';
  const last = LAST[Math.floor(random() * LAST.length)] ?? 'lee';
  const username = `${first}${last}${pad(index)}`;
  const domain = DOMAINS[Math.floor(random() * DOMAINS.length)] ?? 'example.com';
  return {
    index,
    userId: `0b5e7c1a-${pad(index).slice(0, 4)}-4${pad(index).slice(3)}-8a6e-${hex(randomStream(99, index), 12)}`,
    username,
    email: `${first}.${last}.${pad(index)}@${domain}`,
  };
}

/** Who a record belongs to, as every user-owned item repeats it (id, username, e-mail). */
const ownerOf = ({ userId, username, email }: SeedUser) => ({ userId, username, email });

/** The first instant of the month `monthsBack` months before the month of `now` (UTC). */
export function monthStart(now: number, monthsBack: number): number {
  const at = new Date(now);
  return Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - monthsBack, 1);
}

/** A moment between `from` and a minute before `now`. */
const momentBetween = (from: number, now: number, random: () => number) =>
  new Date(from + Math.floor(random() * Math.max(0, now - 60_000 - from)));

/** A moment in the history window (SEED_WINDOW_MONTHS up to now), or in the last `days` days. */
const momentIn = (now: number, random: () => number, days?: number) =>
  momentBetween(days === undefined ? monthStart(now, SEED_WINDOW_MONTHS - 1) : now - days * DAY_MS, now, random);

export interface SeedContext {
  now: Date;
  /** The administrator who decided payments and withdrawals (the benchmark's caller). */
  adminId: string;
  walletAddress: string;
}

const PAID: { slug: PackageSlug; share: number }[] = [
  { slug: 'basic', share: 0.5 },
  { slug: 'pro', share: 0.35 },
  { slug: 'ultimate', share: 0.15 },
];

/** Customers whose payment is placed by month and package rather than drawn (see the module comment). */
export const STRATIFIED_CUSTOMERS = SEED_WINDOW_MONTHS * PAID.length;
/** The customer who registered, bought Pro and was approved today (odd: no withdrawal, no trial). */
export const TODAY_CUSTOMER = 73;

/** A moment `fraction` of the way from today's UTC midnight to `now`. */
const todayAt = (now: number, fraction: number) => {
  const midnight = Date.UTC(new Date(now).getUTCFullYear(), new Date(now).getUTCMonth(), new Date(now).getUTCDate());
  return new Date(midnight + Math.floor((now - midnight) * fraction));
};

function pickPackage(roll: number): PackageSlug {
  let acc = 0;
  for (const p of PAID) {
    acc += p.share;
    if (roll < acc) return p.slug;
  }
  return 'ultimate';
}

const periodOf = (slug: PackageSlug, at: Date): Period =>
  slug === 'basic' ? basicPeriod(at) : slug === 'pro' ? proPeriod(at) : ultimatePeriod(at);

/** What the nightly job would have made of a subscription by `today`. */
const settledStatus = (period: Period, today: string): SubscriptionRecord['status'] =>
  period.endDate !== null && period.endDate < today ? 'expired' : 'active';

export interface PaymentSeed {
  payment: PaymentRecord;
  subscription: SubscriptionRecord;
}

/** Payment i (and its subscription), bought by user i: 75% completed, 15% rejected, 10% pending (recent). */
export function seedPayment(index: number, ctx: SeedContext): PaymentSeed {
  const random = randomStream(STREAM.payment, index);
  const buyer = seedUser(index);
  const now = ctx.now.getTime();
  const stratified = index < STRATIFIED_CUSTOMERS;
  const boughtToday = index === TODAY_CUSTOMER;
  const drawnSlug = pickPackage(random());
  const slug = stratified
    ? (PAID[Math.floor(index / SEED_WINDOW_MONTHS)]?.slug ?? 'basic')
    : boughtToday
      ? 'pro'
      : drawnSlug;
  const statusRoll = random();
  const status: PaymentRecord['status'] =
    stratified || boughtToday || statusRoll < 0.75 ? 'completed' : statusRoll < 0.9 ? 'rejected' : 'pending';
  let created: Date;
  let decided: Date;
  if (boughtToday) {
    created = todayAt(now, 0.5);
    decided = todayAt(now, 0.75);
  } else if (stratified) {
    // Bought and approved within month `index % 24` before now.
    const from = monthStart(now, index % SEED_WINDOW_MONTHS);
    const to = Math.min(monthStart(now, (index % SEED_WINDOW_MONTHS) - 1), now) - 1000;
    created = momentBetween(from, to, random);
    decided = new Date(created.getTime() + Math.floor(random() * Math.min(2 * DAY_MS, to - created.getTime())));
  } else {
    created = momentIn(now, random, status === 'pending' ? PENDING_WINDOW_DAYS : undefined);
    decided = new Date(Math.min(now - 1000, created.getTime() + Math.floor(random() * 2 * DAY_MS)));
  }
  const referred = index > 0 && random() < 0.2;
  const referrer = referred ? seedUser(index - 1) : undefined;
  const price = DEFAULT_PACKAGE_PRICES_USD[PACKAGE_NAMES[slug]];
  const amount = referred ? Math.max(0, price - REFERRAL.discountUsd) : price;
  const transactionId = hex(random, 64);
  const paymentId = newId(created.getTime());
  const subscriptionId = newId(created.getTime());
  const createdAt = created.toISOString();
  const decidedAt = decided.toISOString();
  const payment: PaymentRecord = {
    _id: paymentId,
    ...ownerOf(buyer),
    packageSlug: slug,
    packageName: PACKAGE_NAMES[slug] as PaymentRecord['packageName'],
    amount,
    originalAmount: price,
    hasReferralDiscount: referred,
    referralDiscount: referred ? price - amount : 0,
    referralCode: referrer ? `R${pad(referrer.index)}X` : null,
    referralUserId: referrer?.userId ?? null,
    referrerUsername: referrer?.username ?? null,
    referrerEmail: referrer?.email ?? null,
    referralReward: referred ? REFERRAL.rewardUsd : 0,
    referralCredited: referred && status === 'completed',
    currency: 'USD',
    paymentMethod: 'usdt',
    transactionId,
    txidNormalized: transactionId,
    wallet: { address: ctx.walletAddress, network: 'TRC20', currency: 'USDT' },
    subscriptionId,
    status,
    searchText: paymentSearchText({ username: buyer.username, email: buyer.email, transactionId }),
    ...(status === 'completed' ? { approvedAt: decidedAt, approvedBy: ctx.adminId } : {}),
    ...(status === 'rejected' ? { rejectedAt: decidedAt, rejectedBy: ctx.adminId } : {}),
    createdAt,
    updatedAt: status === 'pending' ? createdAt : decidedAt,
  };
  const period = status === 'completed' ? periodOf(slug, decided) : null;
  const today = utcDay(ctx.now);
  const subscription: SubscriptionRecord = {
    _id: subscriptionId,
    ...ownerOf(buyer),
    packageSlug: slug,
    packageName: payment.packageName,
    status: period ? settledStatus(period, today) : status === 'rejected' ? 'rejected' : 'pending',
    startDate: period?.startDate ?? null,
    endDate: period?.endDate ?? null,
    paymentMethod: 'usdt',
    paymentId,
    isExtension: false,
    notificationSent: period !== null && period.startDate <= today,
    createdAt,
    updatedAt: payment.updatedAt,
  };
  return { payment, subscription };
}

/** Customer i's free trial (every tenth customer tried the product first, before buying). */
export function seedFreeTrial(index: number, ctx: SeedContext, boughtAt?: string): SubscriptionRecord {
  const random = randomStream(STREAM.trial, index);
  const user = seedUser(index);
  const drawn = momentIn(ctx.now.getTime(), random).getTime();
  const activated = new Date(boughtAt ? Math.min(drawn, Date.parse(boughtAt) - 31 * DAY_MS) : drawn);
  const period = freeTrialPeriod(activated);
  const createdAt = activated.toISOString();
  return {
    _id: newId(activated.getTime()),
    ...ownerOf(user),
    packageSlug: 'freeTrial',
    packageName: PACKAGE_NAMES.freeTrial,
    status: settledStatus(period, utcDay(ctx.now)),
    startDate: period.startDate,
    endDate: period.endDate,
    paymentMethod: 'free',
    paymentId: null,
    isExtension: false,
    notificationSent: true,
    createdAt,
    updatedAt: createdAt,
  };
}

/** Withdrawal i, requested by user i: 70% approved, 20% rejected, 10% pending (recent). */
export function seedWithdrawal(index: number, ctx: SeedContext): WithdrawalRecord {
  const random = randomStream(STREAM.withdrawal, index);
  const user = seedUser(index);
  const roll = random();
  const status: WithdrawalRecord['status'] = roll < 0.7 ? 'approved' : roll < 0.9 ? 'rejected' : 'pending';
  const now = ctx.now.getTime();
  const created = momentIn(now, random, status === 'pending' ? PENDING_WINDOW_DAYS : undefined);
  const decidedAt = new Date(Math.min(now - 1000, created.getTime() + Math.floor(random() * 3 * DAY_MS))).toISOString();
  const trc20Address = tronAddress(random);
  const createdAt = created.toISOString();
  return {
    _id: newId(created.getTime()),
    ...ownerOf(user),
    amount: 20 + Math.floor(random() * 181),
    trc20Address,
    status,
    requestDate: createdAt,
    approvedDate: status === 'approved' ? decidedAt : null,
    rejectedDate: status === 'rejected' ? decidedAt : null,
    adminNote: status === 'rejected' ? 'The TRC20 address does not match your account records.' : null,
    processedBy: status === 'pending' ? null : ctx.adminId,
    // An approval names its payout's TRON transaction id; derived from the index, so the other draws stay as they were.
    payoutTxid: status === 'approved' ? createHash('sha256').update(`payout-${index}`).digest('hex') : null,
    payoutCheck: null,
    searchText: withdrawalSearchText({ username: user.username, email: user.email, trc20Address }),
    createdAt,
    updatedAt: status === 'pending' ? createdAt : decidedAt,
  };
}

const MESSAGE_WORDS =
  'hello I would like to know more about the pro package and whether the bot works with my broker account ' +
  'my payment was sent yesterday please check the transaction and activate my subscription thanks';

/** How long an admin takes to read a message: older ones are read, newer ones still unread. */
const CONTACT_UNREAD_FOR_MS = 7 * 24 * 3600 * 1000;

/** Contact message i: a visitor's question of 60 to 400 characters, read once it is a week old. */
export function seedContactMessage(index: number, ctx: SeedContext) {
  const random = randomStream(STREAM.contact, index);
  const words = MESSAGE_WORDS.split(' ');
  const length = 60 + Math.floor(random() * 340);
  let message = '';
  while (message.length < length) message += `${words[Math.floor(random() * words.length)] ?? 'hello'} `;
  const user = seedUser(index);
  const created = momentIn(ctx.now.getTime(), random);
  return {
    _id: newId(created.getTime()),
    name: user.username.replace(/\d+$/, ''),
    email: user.email,
    message: message.trim().slice(0, length),
    createdAt: created.toISOString(),
    read: ctx.now.getTime() - created.getTime() > CONTACT_UNREAD_FOR_MS,
  };
}

/** What customer i did, which their profile's dates and balances follow. */
export interface CustomerActivity {
  payment: PaymentRecord;
  withdrawal?: WithdrawalRecord;
  freeTrial?: SubscriptionRecord;
}

export function seedActivity(index: number, ctx: SeedContext): CustomerActivity & { subscription: SubscriptionRecord } {
  const { payment, subscription } = seedPayment(index, ctx);
  return {
    payment,
    subscription,
    ...(hasWithdrawal(index) ? { withdrawal: seedWithdrawal(index, ctx) } : {}),
    ...(hasFreeTrial(index) ? { freeTrial: seedFreeTrial(index, ctx, payment.createdAt) } : {}),
  };
}

/**
 * Customer i's profile, verified (GSI1 USERS) at its creation; 5% deactivated. Balances follow
 * the ledger rule (lifetime = available + held + paid out) with the customer's withdrawal: held
 * while it is pending, paid out once approved, available again once rejected.
 */
export function seedProfile(
  index: number,
  ctx: SeedContext,
  activity: CustomerActivity = seedActivity(index, ctx),
): { item: Item; profile: UserProfile } {
  const user = seedUser(index);
  const random = randomStream(STREAM.user + 100, index);
  const { withdrawal } = activity;
  const created = momentIn(ctx.now.getTime(), random);
  const firsts = [activity.payment.createdAt, withdrawal?.createdAt, activity.freeTrial?.createdAt].flatMap((at) =>
    at ? [Date.parse(at) - DAY_MS] : [],
  );
  // The account exists before anything it did (a day before, for the newest accounts).
  const createdAt = (
    index === TODAY_CUSTOMER ? todayAt(ctx.now.getTime(), 0.25) : new Date(Math.min(created.getTime(), ...firsts))
  ).toISOString();
  const available = Math.floor(random() * 40) * REFERRAL.rewardUsd;
  const held = withdrawal?.status === 'pending' ? withdrawal.amount : 0;
  const paidOut = withdrawal?.status === 'approved' ? withdrawal.amount : 0;
  const profile: UserProfile = {
    _id: user.userId,
    username: user.username,
    email: user.email,
    phone: random() < 0.6 ? `+1555${pad(index)}${Math.floor(random() * 10)}` : null,
    isActive: random() >= 0.05,
    isAdmin: false,
    referralCode: `R${pad(index)}X`,
    referralCount: Math.floor((available + held + paidOut) / REFERRAL.rewardUsd),
    referralEarnings: available,
    emailVerifiedAt: createdAt,
    verifiedEmail: user.email,
    createdAt,
    updatedAt: createdAt,
  };
  const item = toProfileItem(profile, {
    referralHeld: held,
    referralPaidOut: paidOut,
    referralLifetime: available + held + paidOut,
  });
  return { item, profile };
}

// --------------------------------------------------------------------------------------------
// Aggregates

type Counters = Record<string, number>;

/** The STATS#… items, accumulated record by record like the transactions' ADD updates. */
export class StatsAccumulator {
  private readonly items = new Map<string, { key: { PK: string; SK: string }; counters: Counters }>();

  private add(key: { PK: string; SK: string }, counters: Counters): void {
    const id = `${key.PK}|${key.SK}`;
    const entry = this.items.get(id) ?? { key, counters: {} };
    for (const [name, amount] of Object.entries(counters)) entry.counters[name] = (entry.counters[name] ?? 0) + amount;
    this.items.set(id, entry);
  }

  /** Verification (STATS#USERS TOTAL and MONTH#m) and, for a deactivated user, the deactivation. */
  user(profile: UserProfile): void {
    this.add(userStatsKeys.total(), { total: 1, ...(profile.isActive ? { active: 1 } : { inactive: 1 }) });
    const verified = profile.emailVerifiedAt ?? profile.createdAt;
    this.add(userStatsKeys.month(verified.slice(0, 7)), { newUsers: 1 });
  }

  /** Submission, then approval or rejection. */
  payment({ payment, subscription }: PaymentSeed): void {
    const month = subscriptionStatsKey(subscription.createdAt.slice(0, 7));
    this.add(month, { total: 1, [SUBSCRIPTION_PACKAGE_COUNTER[payment.packageSlug]]: 1 });
    if (payment.status === 'pending') {
      this.add(paymentStatsKeys.total(), { pendingCount: 1, pendingAmount: payment.amount });
      this.add(month, { pending: 1 });
      return;
    }
    if (payment.status === 'rejected') {
      this.add(paymentStatsKeys.total(), { rejectedCount: 1 });
      this.add(month, { rejected: 1 });
      return;
    }
    const at = payment.approvedAt ?? payment.updatedAt;
    const revenue = { completedCount: 1, completedAmount: payment.amount };
    this.add(paymentStatsKeys.total(), revenue);
    this.add(paymentStatsKeys.day(at.slice(0, 10)), revenue);
    this.add(paymentStatsKeys.month(at.slice(0, 7)), revenue);
    this.add(paymentStatsKeys.year(at.slice(0, 4)), revenue);
    this.add(paymentStatsKeys.package(payment.packageSlug), revenue);
    this.add(paymentStatsKeys.packageMonth(at.slice(0, 7), payment.packageSlug), revenue);
    // Approval makes it active; the expiry job later moves active to expired.
    this.add(month, subscription.status === 'expired' ? { expired: 1 } : { active: 1 });
  }

  /** Free trial, expired by the job once its 30 days are over. */
  freeTrial(subscription: SubscriptionRecord): void {
    this.add(subscriptionStatsKey(subscription.createdAt.slice(0, 7)), {
      total: 1,
      freeTrials: 1,
      ...(subscription.status === 'expired' ? { expired: 1 } : { active: 1 }),
    });
  }

  /** Request, then approval (settle) or rejection (release). */
  withdrawal(withdrawal: WithdrawalRecord): void {
    const counters: Counters = { total: 1 };
    if (withdrawal.status === 'pending') Object.assign(counters, { pending: 1, pendingAmount: withdrawal.amount });
    if (withdrawal.status === 'approved') Object.assign(counters, { approved: 1, approvedAmount: withdrawal.amount });
    if (withdrawal.status === 'rejected') counters.rejected = 1;
    this.add(withdrawalStatsKey(), counters);
  }

  contactMessage(createdAt: string, read: boolean): void {
    this.add(contactStatsKey(), read ? { total: 1 } : { total: 1, unread: 1 });
    this.add(contactBucketKey(contactBucketOf(createdAt)), { count: 1 });
  }

  /**
   * Every half-hour contact bucket of today so far exists at every scale (count 0 where no seeded
   * message fell), as in a live table where messages arrive all day: DynamoDB Local charges nothing
   * for a missing key of a BatchGetItem while DynamoDB charges it like an item, so without this the
   * small set would look cheaper than it is.
   */
  contactBucketsOfToday(now: Date): void {
    const midnight = `${now.toISOString().slice(0, 10)}T00:00:00.000Z`;
    for (const bucket of contactBucketsBetween(midnight, now.toISOString())) {
      this.add(contactBucketKey(bucket), { count: 0 });
    }
  }

  /** The aggregate items as they stand (every counter the accumulated events touched). */
  toItems(): Item[] {
    return [...this.items.values()].map(({ key, counters }) => ({ ...key, ...counters }));
  }

  counter(key: { PK: string; SK: string }, name: string): number {
    return this.items.get(`${key.PK}|${key.SK}`)?.counters[name] ?? 0;
  }
}

/** What one seeding wrote, by kind (records are the rows of the lists; markers and aggregates aside). */
export interface SeedCounts {
  users: number;
  payments: number;
  subscriptions: number;
  withdrawals: number;
  contactMessages: number;
}

export const emptyCounts = (): SeedCounts => ({
  users: 0,
  payments: 0,
  subscriptions: 0,
  withdrawals: 0,
  contactMessages: 0,
});

export const recordsIn = (c: SeedCounts) => c.users + c.payments + c.subscriptions + c.withdrawals + c.contactMessages;

/** The items of customers [from, to), in write order, with their aggregates accumulated and their records counted. */
export function* seedItems(
  from: number,
  to: number,
  ctx: SeedContext,
  stats: StatsAccumulator,
  counts: SeedCounts = emptyCounts(),
): Generator<Item> {
  for (let i = from; i < to; i += 1) {
    const activity = seedActivity(i, ctx);
    const { item, profile } = seedProfile(i, ctx, activity);
    stats.user(profile);
    counts.users += 1;
    yield item;

    stats.payment(activity);
    counts.payments += 1;
    counts.subscriptions += 1;
    yield toPaymentItem(activity.payment);
    yield toTxidMarkerItem(txidMarkerOf(activity.payment));
    yield toSubscriptionItem(activity.subscription);

    const { withdrawal, freeTrial } = activity;
    if (withdrawal) {
      stats.withdrawal(withdrawal);
      counts.withdrawals += 1;
      yield toWithdrawalItem(withdrawal);
      if (withdrawal.status === 'pending') {
        yield toPendingMarkerItem(withdrawal.userId, withdrawal._id, withdrawal.createdAt);
      }
    }
    if (freeTrial) {
      stats.freeTrial(freeTrial);
      counts.subscriptions += 1;
      yield toSubscriptionItem(freeTrial);
    }
    if (hasContactMessage(i)) {
      const message = seedContactMessage(i, ctx);
      stats.contactMessage(message.createdAt, message.read);
      counts.contactMessages += 1;
      yield toContactMessageItem(message);
    }
  }
}

/** The TXID marker the purchase writes with the payment (its uniqueness, and the TXID-start search). */
const txidMarkerOf = (payment: PaymentRecord) => ({
  txidNormalized: payment.txidNormalized,
  paymentId: payment._id,
  subscriptionId: payment.subscriptionId,
  userId: payment.userId,
  packageSlug: payment.packageSlug,
  packageName: payment.packageName,
  isExtension: false,
  createdAt: payment.createdAt,
});
