import { randomBytes, randomUUID } from 'node:crypto';
import {
  DeleteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
} from '@aws-sdk/lib-dynamodb';
import { expect } from 'vitest';
import {
  activationsResponseSchema,
  paymentStatsResponseSchema,
  subscriptionHistoryResponseSchema,
  subscriptionsResponseSchema,
  userStatsResponseSchema,
  type Payment,
  type SessionUser,
  type PaymentStatsResponse,
  type Subscription,
  type SubscriptionSummary,
  type UserStats,
  type Withdrawal,
} from '@goldbot/shared';
import { ledgerBalanceCents, profileBalanceCents } from '../../../scripts/chaos/invariants.js';
import { localDynamoClient } from '../../../scripts/local/dynamodb-local.js';
import { activationKeys, toSubscriptionItem } from '../../src/data/subscription-entity.js';
import type { SubscriptionRecord } from '../../src/domain/records/subscription-record.js';
import { toProfileItem } from '../../src/data/user-profile-entity.js';
import type { UserProfile } from '../../src/domain/records/user-profile.js';
import { api, idTokenFor, stack, withOrder, type TestCustomer } from './http-client.js';
import { mailsTo } from './mailbox.js';

/**
 * Setup and read-back helpers shared by the integration suites that drive the money loop over
 * HTTP: buying, the admin's decisions, the referral balances and their ledger (docs/data-model.md, "Why `referralEarnings` stays consistent"),
 * the aggregates read through the admin routes, audit entries and Basic rows starting today.
 * They read DynamoDB Local directly only where no route exposes the truth (ledger, audit, markers).
 */
export const db = () => DynamoDBDocumentClient.from(localDynamoClient(stack().urls.dynamodb));
export const table = () => stack().tableName;
export const admin = () => idTokenFor('admin');

/** A TRON-like transaction hash: 64 hex characters, new every call. */
export const newTxid = () => randomBytes(32).toString('hex');
export const todayUtc = () => new Date().toISOString().slice(0, 10);
const num = (value: unknown) => Number(value ?? 0);

export const PACKAGE_NAME = { basic: 'Basic Package', pro: 'Pro Package', ultimate: 'Ultimate Package' } as const;
export type PaidSlug = keyof typeof PACKAGE_NAME;

export async function priceOf(slug: PaidSlug): Promise<number> {
  const res = await api<{ packages: { slug: string; priceUsd: number }[] }>('/api/packages');
  const price = res.body.packages.find((p) => p.slug === slug)?.priceUsd;
  if (price === undefined) throw new Error(`no catalog price for ${slug}`);
  return price;
}

/** What a buyer sends to POST /api/payment/submit-usdt-payment (the price due, less $10 with a code). */
export async function purchaseBody(slug: PaidSlug, options: { txid?: string; referralCode?: string } = {}) {
  const amount = Math.max(0, (await priceOf(slug)) - (options.referralCode ? 10 : 0));
  return {
    packageName: PACKAGE_NAME[slug],
    txid: options.txid ?? newTxid(),
    amount,
    referralCode: options.referralCode ?? null,
  };
}

/** Submits `body` for the buyer's open order of its package (withOrder: the window's order and exact amount). */
export const submitPurchase = async (buyer: TestCustomer, body: { packageName: string } & Record<string, unknown>) =>
  api<{ message: string; pendingSubscription: Subscription }>('/api/payment/submit-usdt-payment', {
    method: 'POST',
    token: buyer.token,
    body: await withOrder(buyer.token, body as { packageName: string; amount?: number }),
  });

/** The admin finds a submitted payment the way the screen does: by its TXID. */
export async function paymentByTxid(txid: string): Promise<Payment> {
  const res = await api<{ payments: Payment[] }>(`/api/payment/all-payments?search=${txid}`, { token: await admin() });
  const payment = res.body.payments[0];
  if (!payment) throw new Error(`no payment with TXID ${txid}`);
  return payment;
}

/** Submits one purchase (expects 201) and returns the admin's view of its payment. */
export async function buy(buyer: TestCustomer, slug: PaidSlug, options: { referralCode?: string } = {}) {
  const body = await purchaseBody(slug, options);
  const res = await submitPurchase(buyer, body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { payment: await paymentByTxid(body.txid), subscriptionId: res.body.pendingSubscription._id };
}

export const decidePayment = async (decision: 'approve' | 'reject', paymentId: string) =>
  api<{ message: string; payment: Payment }>(`/api/payment/${decision}-usdt-payment/${paymentId}`, {
    method: 'POST',
    token: await admin(),
  });

/**
 * `referrer` earns $2 per friend the way the product pays it: each buyer buys Basic with the code
 * and the admin approves. Approvals run one after another, so setup never depends on a race.
 */
export async function earnReferralCredits(referrer: TestCustomer, buyers: readonly TestCustomer[]) {
  // Different buyers buy at once; a buyer listed twice buys again only after their first purchase,
  // as a person would: each purchase pays the buyer's one open order of the package.
  const rounds: TestCustomer[][] = [];
  for (const buyer of buyers) {
    const round = rounds.find((r) => !r.includes(buyer));
    if (round) round.push(buyer);
    else rounds.push([buyer]);
  }
  const payments = [];
  for (const round of rounds) {
    payments.push(...(await Promise.all(round.map((b) => buy(b, 'basic', { referralCode: referrer.referralCode })))));
  }
  for (const { payment } of payments) {
    const approved = await decidePayment('approve', payment._id);
    expect(approved.status, JSON.stringify(approved.body)).toBe(200);
  }
}

// ---------------------------------------------------------------------------------------------
// Reading the truth back

/**
 * Frees every exact payment amount held on the shared stack, as if the holds had run out, and
 * forgets the earlier files' orders. A price holds at most ORDER.maxTagCents open orders at once
 * (docs/operations.md), and the suite's earlier files leave many orders open. Run before each file
 * (fresh-amount-holds.ts), so a file that opens dozens of orders of one price starts as a quiet
 * shop would, and a transfer it makes binds to its own orders, never to an earlier file's order of
 * the same amount. Test code: a Scan is fine.
 */
export async function releaseAmountHolds() {
  const keys = await allPages((start) =>
    db().send(
      new ScanCommand({
        TableName: table(),
        FilterExpression: 'begins_with(PK, :hold) OR (begins_with(PK, :order) AND SK = :orderItem)',
        ExpressionAttributeValues: { ':hold': 'AMOUNTPOOL#', ':order': 'ORDER#', ':orderItem': 'ORDER' },
        ProjectionExpression: 'PK, SK',
        ExclusiveStartKey: start,
      }),
    ),
  );
  for (const key of keys) {
    await db().send(new DeleteCommand({ TableName: table(), Key: { PK: key.PK, SK: key.SK } }));
  }
}

type Key = Record<string, unknown>;

/** Every item of a paged Query or Scan: `read` asks for the page that starts at `start`. */
export async function allPages(
  read: (start: Key | undefined) => Promise<{ Items?: Record<string, unknown>[]; LastEvaluatedKey?: Key }>,
): Promise<Record<string, unknown>[]> {
  const items: Record<string, unknown>[] = [];
  let start: Key | undefined;
  do {
    const page = await read(start);
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

export async function getItem(PK: string, SK: string) {
  return (await db().send(new GetCommand({ TableName: table(), Key: { PK, SK }, ConsistentRead: true }))).Item;
}

/** Every item of one partition whose sort key starts with `prefix` (the whole partition without one; paged, consistent). */
export const itemsOf = (PK: string, prefix?: string) =>
  allPages((start) =>
    db().send(
      new QueryCommand({
        TableName: table(),
        KeyConditionExpression: prefix ? 'PK = :pk AND begins_with(SK, :prefix)' : 'PK = :pk',
        ExpressionAttributeValues: prefix ? { ':pk': PK, ':prefix': prefix } : { ':pk': PK },
        ConsistentRead: true,
        ExclusiveStartKey: start,
      }),
    ),
  );

export const ledgerOf = (userId: string) => itemsOf(`USER#${userId}`, 'LEDGER#');

/** The caller's session as GET /api/auth/me answers it (the live referral balance and count among it). */
export const sessionOf = async (customer: Pick<TestCustomer, 'token'>) =>
  (await api<SessionUser>('/api/auth/me', { token: customer.token })).body;
export const subscriptionItemsOf = (userId: string) => itemsOf(`USER#${userId}`, 'SUB#');

/** This month's audit entries about one target (AUDIT#<yyyy-mm> partition). */
export async function auditEntriesFor(targetId: string) {
  const items = await itemsOf(`AUDIT#${todayUtc().slice(0, 7)}`);
  return items.filter((e) => (e.target as { id?: string } | undefined)?.id === targetId);
}

export interface Balances {
  available: number;
  held: number;
  lifetime: number;
  paidOut: number;
  count: number;
}

/** The referral balances straight from the profile item. */
export async function balancesOf(userId: string): Promise<Balances> {
  const item = (await getItem(`USER#${userId}`, 'PROFILE')) ?? {};
  return {
    available: num(item.referralEarnings),
    held: num(item.referralHeld),
    lifetime: num(item.referralLifetime),
    paidOut: num(item.referralPaidOut),
    count: num(item.referralCount),
  };
}

/** What refunds took back from a referrer: every reward clawed back, and what is still owed of it. */
export async function clawbacksOf(userId: string): Promise<{ clawedBack: number; owed: number }> {
  const item = (await getItem(`USER#${userId}`, 'PROFILE')) ?? {};
  return { clawedBack: num(item.referralClawedBack), owed: num(item.referralOwed) };
}

/**
 * The ledger reconciliation for one user (docs/data-model.md, "Why `referralEarnings` stays
 * consistent"): lifetime - clawed back = available + held + paid out - owed, nothing negative, and
 * the profile equal to its ledger (a credit's `offset` settled what was owed; a clawback's
 * `fromAvailable` came out of the available balance and the rest was owed).
 */
export async function expectReconciled(userId: string): Promise<Balances> {
  const b = await balancesOf(userId);
  const { clawedBack, owed } = await clawbacksOf(userId);
  const inCents = profileBalanceCents((await getItem(`USER#${userId}`, 'PROFILE')) ?? {});
  expect(inCents.lifetime - inCents.clawedBack, `${userId} ${JSON.stringify({ ...b, clawedBack, owed })}`).toBe(
    inCents.available + inCents.held + inCents.paidOut - inCents.owed,
  );
  for (const value of [...Object.values(b), clawedBack, owed]) expect(value).toBeGreaterThanOrEqual(0);
  const ledger = await ledgerOf(userId);
  // The same sums the chaos run checks (scripts/chaos/invariants.ts).
  expect(inCents).toEqual(ledgerBalanceCents(ledger));
  // A purchase refunded since no longer counts as a referral.
  const counted = (type: string) => ledger.filter((entry) => entry.type === type).length;
  expect(b.count).toBe(counted('credit') - counted('clawback'));
  return b;
}

// ---------------------------------------------------------------------------------------------
// Aggregates through the admin routes

export async function paymentStats(query = ''): Promise<PaymentStatsResponse> {
  const res = await api(`/api/admin/payment-stats${query}`, { token: await admin() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return paymentStatsResponseSchema.parse(res.body);
}

const thisMonthQuery = () => {
  const now = new Date();
  return `year=${now.getUTCFullYear()}&month=${now.getUTCMonth()}`;
};

/** The subscription history's summary for this UTC month (STATS#SUBSCRIPTIONS / MONTH#<m>). */
export async function subscriptionSummary(): Promise<SubscriptionSummary> {
  const res = await api(`/api/payment/subscription-history?${thisMonthQuery()}&limit=1`, { token: await admin() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return subscriptionHistoryResponseSchema.parse(res.body).summary;
}

export async function userStats(): Promise<UserStats> {
  const res = await api('/api/admin/user-stats', { token: await admin() });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return userStatsResponseSchema.parse(res.body).userStats;
}

// ---------------------------------------------------------------------------------------------
// Withdrawals through their routes

/** What a withdrawal request answers: the held request and the new balances. */
export interface WithdrawalRequestAnswer {
  message: string;
  withdrawal: Withdrawal;
  referralEarnings: number;
  referralHeld: number;
}

/** The customer asks for a withdrawal (`body`: trc20Address and amount, or anything a test sends). */
export const requestWithdrawal = (customer: Pick<TestCustomer, 'token'>, body: unknown) =>
  api<WithdrawalRequestAnswer>('/api/withdrawal/request', { method: 'POST', token: customer.token, body });

/** An admin's decision; an approval names a payout TXID (one the TRON double does not know, unless `body` says). */
export const decideWithdrawal = async (
  decision: 'approve' | 'reject',
  id: string,
  body: Record<string, unknown> = {},
) =>
  api<{ message: string; withdrawal: Withdrawal }>(`/api/withdrawal/${decision}/${id}`, {
    method: 'PUT',
    token: await admin(),
    body: decision === 'approve' ? { payoutTxid: newTxid(), ...body } : body,
  });

/** STATS#WITHDRAWALS / TOTAL, as the admin's withdrawal counts and the dashboard read it. */
export async function withdrawalCounts() {
  const item = (await getItem('STATS#WITHDRAWALS', 'TOTAL')) ?? {};
  return {
    total: num(item.total),
    pending: num(item.pending),
    approved: num(item.approved),
    rejected: num(item.rejected),
    pendingAmount: num(item.pendingAmount),
    approvedAmount: num(item.approvedAmount),
  };
}

/** The customer's billing history (GET /api/payment/subscriptions), newest first. */
export async function billingHistory(customer: Pick<TestCustomer, 'token'>): Promise<Subscription[]> {
  const res = await api('/api/payment/subscriptions', { token: customer.token });
  expect(res.status).toBe(200);
  return subscriptionsResponseSchema.parse(res.body).subscriptions;
}

/** The day `days` after `day` (yyyy-mm-dd, UTC). */
export const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

/** Turns the automatic approval of matching payments on or off (the admin's subscription settings). */
export async function setAutoApprove(on: boolean) {
  const res = await api('/api/settings/subscription-settings', {
    method: 'PUT',
    token: await admin(),
    body: { settings: { autoApproveOnMatch: on } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res;
}

/** after - before, key by key (every key of `after`). */
export function delta<T extends Record<string, number>>(after: T, before: T): T {
  return Object.fromEntries(Object.entries(after).map(([k, v]) => [k, v - (before[k] ?? 0)])) as T;
}

// ---------------------------------------------------------------------------------------------
// Rows an approval cannot make

/**
 * An active Basic starting today, not mailed, written straight into the table with the entity's
 * item builders: an approval only ever starts Basic on the 1st of next month. Created in 2019, so
 * no current summary moves.
 */
export async function basicStartingToday(
  customer: Pick<TestCustomer, 'userId' | 'username' | 'email'>,
): Promise<SubscriptionRecord> {
  const createdAt = `2019-0${1 + Math.floor(Math.random() * 9)}-15T10:00:00.000Z`;
  const row: SubscriptionRecord = {
    _id: randomUUID(),
    userId: customer.userId,
    username: customer.username,
    email: customer.email,
    packageSlug: 'basic',
    packageName: 'Basic Package',
    status: 'active',
    startDate: todayUtc(),
    endDate: todayUtc(),
    paymentMethod: 'usdt',
    paymentId: randomUUID(),
    isExtension: false,
    notificationSent: false,
    createdAt,
    updatedAt: createdAt,
  };
  await db().send(
    new PutCommand({
      TableName: table(),
      Item: { ...toSubscriptionItem(row), ...activationKeys(row.startDate ?? '', row.createdAt, row._id) },
    }),
  );
  return row;
}

/**
 * A customer who exists only as a profile item (built with the entity's builder, unverified so no
 * user list or counter moves): enough for the routes and jobs that read the owner's profile.
 */
export async function seededProfile(tag: string): Promise<Pick<TestCustomer, 'userId' | 'username' | 'email'>> {
  const id = randomUUID();
  const short = id.slice(0, 8);
  const at = new Date().toISOString();
  const profile: UserProfile = {
    _id: id,
    username: `${tag}_${short}`,
    email: `${tag}-${short}@example.com`,
    phone: null,
    isActive: true,
    isAdmin: false,
    referralCode: short.toUpperCase(),
    referralCount: 0,
    referralEarnings: 0,
    createdAt: at,
    updatedAt: at,
  };
  await db().send(new PutCommand({ TableName: table(), Item: toProfileItem(profile) }));
  return { userId: id, username: profile.username, email: profile.email };
}

/** The Basic subscriptions starting today, as the admin's activations list shows them. */
export async function activations() {
  const res = await api('/api/admin/activations', { token: await admin() });
  expect(res.status).toBe(200);
  return activationsResponseSchema.parse(res.body).subscriptions;
}

/** This month's audit entries of the activation-mail runs that mailed today (one per run, naming its subscriptions). */
export const activationMailRunsAudited = async () =>
  (await itemsOf(`AUDIT#${todayUtc().slice(0, 7)}`)).filter(
    (e) => e.action === 'notifications.send' && (e.target as { id?: string } | undefined)?.id === todayUtc(),
  );

/** The mails that told `customer` their Basic Package is now active. */
export const activationMails = async (customer: Pick<TestCustomer, 'email'>) =>
  (await mailsTo(customer.email)).filter((m) => /Basic Package is now active/.test(m.subject));
