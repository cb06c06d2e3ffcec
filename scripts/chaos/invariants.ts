import { PACKAGE_NAMES, toCents, type PackageSlug } from '@goldbot/shared';
import {
  basicPeriod,
  freeTrialPeriod,
  proPeriod,
  ultimatePeriod,
  type Period,
} from '../../functions/src/domain/commerce/package-dates.js';
import { SUBSCRIPTION_PACKAGE_COUNTER } from '../../functions/src/data/stats-entity.js';

/**
 * The chaos run's invariants: what must hold in the table and the SES outbox after any mix of
 * requests, jobs and injected faults, once the faults are off and the retries have drained. Pure
 * functions over every item of the run's table and every mail the emulator holds, so each rule is
 * unit-tested on hand-made items (scripts/test/chaos-invariants.test.ts) and the runner only reads.
 */
export type Item = Record<string, unknown>;

/** A mail as the SES emulator lists it (scripts/local/ses-local.ts). */
export interface SentMail {
  destination: { to: string[] };
  subject: string;
}

export interface Evidence {
  items: readonly Item[];
  mails: readonly SentMail[];
  /** When the checker read the table: orders still open at this instant may not share an amount. */
  now: Date;
}

export interface InvariantResult {
  name: string;
  /** What was checked, e.g. "812 ledgers, 0 off". */
  checked: string;
  /** One line per violation, naming the items. */
  violations: string[];
}

const num = (value: unknown) => (typeof value === 'number' ? value : Number(value ?? 0) || 0);
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const cents = (usd: unknown) => toCents(num(usd));
const pk = (item: Item) => str(item.PK);
const sk = (item: Item) => str(item.SK);
const userOf = (item: Item) => pk(item).replace(/^USER#/, '');

/** The items of the table by kind, as the data model keys them (docs/data-model.md, the entity chart). */
export function classify(items: readonly Item[]) {
  const of = (test: (item: Item) => boolean) => items.filter(test);
  return {
    profiles: of((i) => pk(i).startsWith('USER#') && sk(i) === 'PROFILE'),
    ledger: of((i) => pk(i).startsWith('USER#') && sk(i).startsWith('LEDGER#')),
    subscriptions: of((i) => pk(i).startsWith('USER#') && sk(i).startsWith('SUB#')),
    pendingMarkers: of((i) => pk(i).startsWith('USER#') && sk(i) === 'MARKER#PENDING_WITHDRAWAL'),
    payments: of((i) => pk(i).startsWith('PAYMENT#') && sk(i) === pk(i)),
    withdrawals: of((i) => pk(i).startsWith('WITHDRAWAL#') && sk(i) === pk(i)),
    txidMarkers: of((i) => pk(i).startsWith('TXID#') && sk(i) === 'TXID'),
    transfers: of((i) => pk(i).startsWith('TRANSFER#') && sk(i) === 'TRANSFER'),
    orders: of((i) => pk(i).startsWith('ORDER#') && sk(i) === 'ORDER'),
    holds: of((i) => pk(i).startsWith('AMOUNTPOOL#') && sk(i).startsWith('HOLD#')),
    stats: new Map(of((i) => pk(i).startsWith('STATS#')).map((i) => [`${pk(i)}|${sk(i)}`, i])),
    outbox: of((i) => i.entity === 'OutboxMail'),
  };
}
type Classified = ReturnType<typeof classify>;

const result = (name: string, checked: string, violations: string[]): InvariantResult => ({
  name,
  checked: `${checked}, ${violations.length} off`,
  violations,
});

const groupBy = <T>(values: readonly T[], key: (value: T) => string) => {
  const groups = new Map<string, T[]>();
  for (const value of values) groups.set(key(value), [...(groups.get(key(value)) ?? []), value]);
  return groups;
};

/** A profile's referral balances, in cents. */
export const profileBalanceCents = (profile: Item) => ({
  available: cents(profile.referralEarnings),
  held: cents(profile.referralHeld),
  lifetime: cents(profile.referralLifetime),
  paidOut: cents(profile.referralPaidOut),
  clawedBack: cents(profile.referralClawedBack),
  owed: cents(profile.referralOwed),
});

/**
 * What a user's ledger entries say their profile's balances are, in cents (docs/data-model.md,
 * "Why `referralEarnings` stays consistent"): a credit's `offset` settled what was owed; a
 * clawback's `fromAvailable` came out of the available balance and the rest was owed. The
 * integration suites hold each user they touch to it too (functions/test/integration/fixtures.ts).
 */
export function ledgerBalanceCents(entries: readonly Item[]): ReturnType<typeof profileBalanceCents> {
  const s = { credit: 0, hold: 0, settle: 0, release: 0, clawback: 0, offset: 0, fromAvailable: 0 };
  for (const entry of entries) {
    const type = str(entry.type) as keyof typeof s;
    if (type in s) s[type] += cents(entry.amount);
    s.offset += cents(entry.offset);
    s.fromAvailable += cents(entry.fromAvailable);
  }
  return {
    available: s.credit - s.offset - s.hold + s.release - s.fromAvailable,
    held: s.hold - s.settle - s.release,
    lifetime: s.credit,
    paidOut: s.settle,
    clawedBack: s.clawback,
    owed: s.clawback - s.fromAvailable - s.offset,
  };
}

/**
 * Each referrer's balances equal the sums of their append-only ledger (credits, holds, settlements,
 * releases, clawbacks), lifetime = available + held + paid out (less what refunds took back), and
 * none is negative.
 */
export function ledgersBalance(c: Classified): InvariantResult {
  const entriesOf = groupBy(c.ledger, userOf);
  const violations: string[] = [];
  let checked = 0;
  for (const profile of c.profiles) {
    const userId = userOf(profile);
    const entries = entriesOf.get(userId) ?? [];
    const b = profileBalanceCents(profile);
    if (entries.length === 0 && Object.values(b).every((v) => v === 0)) continue;
    checked += 1;
    const expected = ledgerBalanceCents(entries);
    const off = (Object.keys(b) as (keyof typeof b)[]).filter((k) => b[k] !== expected[k]);
    if (off.length > 0) {
      violations.push(
        `user ${userId}: ${off.map((k) => `${k} ${b[k] / 100} but its ledger says ${expected[k] / 100}`).join('; ')}`,
      );
    }
    const negative = (Object.keys(b) as (keyof typeof b)[]).filter((k) => b[k] < 0);
    if (negative.length > 0) violations.push(`user ${userId}: negative ${negative.join(', ')}`);
    if (b.lifetime - b.clawedBack !== b.available + b.held + b.paidOut - b.owed) {
      violations.push(`user ${userId}: earned ${b.lifetime / 100} is not available + held + paid out`);
    }
  }
  return result('referral ledgers balance, none negative', `${checked} ledgers`, violations);
}

/**
 * A withdrawal is held once and settled or released at most once, as its status says; at most one
 * is pending per customer (the marker names it); what was paid out never exceeds what was earned.
 */
export function withdrawalsSettleOnce(c: Classified): InvariantResult {
  const bySource = groupBy(
    c.ledger.filter((e) => e.sourceType === 'withdrawal'),
    (e) => str(e.sourceId),
  );
  const violations: string[] = [];
  for (const w of c.withdrawals) {
    const id = str(w._id);
    const entries = bySource.get(id) ?? [];
    const count = (type: string) => entries.filter((e) => e.type === type).length;
    const want = {
      hold: 1,
      settle: w.status === 'approved' ? 1 : 0,
      release: w.status === 'rejected' ? 1 : 0,
    };
    for (const type of ['hold', 'settle', 'release'] as const) {
      if (count(type) !== want[type]) {
        violations.push(`withdrawal ${id} (${str(w.status)}): ${count(type)} ${type} entries, expected ${want[type]}`);
      }
    }
  }
  const pendingByUser = groupBy(
    c.withdrawals.filter((w) => w.status === 'pending'),
    (w) => str(w.userId),
  );
  for (const [userId, pending] of pendingByUser) {
    if (pending.length > 1) violations.push(`user ${userId}: ${pending.length} pending withdrawals at once`);
  }
  for (const marker of c.pendingMarkers) {
    const named = c.withdrawals.find((w) => w._id === marker.withdrawalId);
    if (!named || named.status !== 'pending') {
      violations.push(
        `user ${userOf(marker)}: the pending-withdrawal marker names ${str(marker.withdrawalId)}, not pending`,
      );
    }
  }
  for (const [userId, pending] of pendingByUser) {
    if (!c.pendingMarkers.some((m) => userOf(m) === userId && m.withdrawalId === pending[0]?._id)) {
      violations.push(`user ${userId}: a pending withdrawal without its marker`);
    }
  }
  for (const profile of c.profiles) {
    if (cents(profile.referralPaidOut) > cents(profile.referralLifetime)) {
      violations.push(
        `user ${userOf(profile)}: paid out ${num(profile.referralPaidOut)} of ${num(profile.referralLifetime)} earned`,
      );
    }
  }
  return result(
    'a withdrawal settles at most once, payouts never above earnings',
    `${c.withdrawals.length} withdrawals`,
    violations,
  );
}

/** Each payment has exactly one subscription, in the state its payment says; a completed one activated one period. */
export function paymentsActivateOnePeriod(c: Classified): InvariantResult {
  const subsByPayment = groupBy(
    c.subscriptions.filter((s) => str(s.paymentId) !== ''),
    (s) => str(s.paymentId),
  );
  const violations: string[] = [];
  const wantStatus: Record<string, readonly string[]> = {
    pending: ['pending'],
    completed: ['active', 'expired'],
    rejected: ['rejected'],
    refunded: ['refunded'],
  };
  for (const p of c.payments) {
    const id = str(p._id);
    const subs = subsByPayment.get(id) ?? [];
    if (subs.length !== 1) {
      violations.push(`payment ${id} (${str(p.status)}) has ${subs.length} subscriptions`);
      continue;
    }
    const [sub] = subs as [Item];
    if (!(wantStatus[str(p.status)] ?? []).includes(str(sub.status))) {
      violations.push(`payment ${id} is ${str(p.status)} but its subscription ${str(sub._id)} is ${str(sub.status)}`);
    }
    if (str(p.subscriptionId) !== str(sub._id)) {
      violations.push(`payment ${id} names subscription ${str(p.subscriptionId)}, its subscription is ${str(sub._id)}`);
    }
  }
  const paymentIds = new Set(c.payments.map((p) => str(p._id)));
  for (const [paymentId, subs] of subsByPayment) {
    if (!paymentIds.has(paymentId))
      violations.push(`${subs.length} subscription(s) name payment ${paymentId}, which does not exist`);
  }
  return result(
    'a payment activates at most one period, each completed payment exactly one',
    `${c.payments.length} payments`,
    violations,
  );
}

const dayAfter = (day: string) => {
  const date = new Date(`${day}T00:00:00.000Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

/**
 * The dates of every activated package follow the rules (package-dates.ts) from the moment its
 * payment was approved (the free trial: its creation); a customer's Basic months never overlap, and
 * a Basic approved while another was paid through a later day starts right after it (no gap).
 */
export function packageDatesFollowRules(c: Classified): InvariantResult {
  const payments = new Map(c.payments.map((p) => [str(p._id), p]));
  const activated = c.subscriptions.filter((s) => ['active', 'expired'].includes(str(s.status)));
  const violations: string[] = [];
  for (const sub of activated) {
    const slug = str(sub.packageSlug) as PackageSlug;
    const approvedAt = str(payments.get(str(sub.paymentId))?.approvedAt) || str(sub.approvedAt);
    let rule: Period | null = null;
    if (slug === 'freeTrial') rule = freeTrialPeriod(new Date(str(sub.createdAt)));
    else if (!approvedAt)
      violations.push(`subscription ${str(sub._id)} is ${str(sub.status)} without an approval time`);
    else if (slug === 'pro') rule = proPeriod(new Date(approvedAt));
    else if (slug === 'ultimate') rule = ultimatePeriod(new Date(approvedAt));
    else if (slug === 'basic') {
      const period = basicPeriod(new Date(approvedAt));
      // Basic months: from the 1st to the last day of one month (the chain is checked below).
      const start = str(sub.startDate);
      if (!start.endsWith('-01') || str(sub.endDate) !== lastDayOf(start)) {
        violations.push(`Basic ${str(sub._id)}: ${start} to ${str(sub.endDate)} is not one calendar month`);
      }
      if (start < period.startDate)
        violations.push(`Basic ${str(sub._id)} starts ${start}, before ${period.startDate}`);
    }
    if (rule && (rule.startDate !== sub.startDate || rule.endDate !== (sub.endDate ?? null))) {
      violations.push(
        `${PACKAGE_NAMES[slug] ?? slug} ${str(sub._id)}: ${str(sub.startDate)} to ${String(sub.endDate)}, the rules say ${rule.startDate} to ${String(rule.endDate)}`,
      );
    }
  }
  const basicByUser = groupBy(
    activated.filter((s) => s.packageSlug === 'basic'),
    (s) => str(s.userId),
  );
  for (const [userId, subs] of basicByUser) {
    const sorted = [...subs].sort((a, b) => str(a.startDate).localeCompare(str(b.startDate)));
    for (let i = 1; i < sorted.length; i += 1) {
      const before = sorted[i - 1] as Item;
      const after = sorted[i] as Item;
      const approvedAt = str(payments.get(str(after.paymentId))?.approvedAt).slice(0, 10);
      if (str(after.startDate) <= str(before.endDate)) {
        violations.push(
          `user ${userId}: Basic ${str(after._id)} overlaps ${str(before._id)} (${str(after.startDate)})`,
        );
      } else if (
        approvedAt !== '' &&
        approvedAt <= str(before.endDate) &&
        str(after.startDate) !== dayAfter(str(before.endDate))
      ) {
        violations.push(`user ${userId}: Basic ${str(after._id)} leaves a gap after ${str(before.endDate)}`);
      }
    }
    const profile = c.profiles.find((p) => userOf(p) === userId);
    const last = sorted.at(-1);
    if (profile && last && str(profile.basicPaidThrough) !== str(last.endDate)) {
      violations.push(
        `user ${userId}: paid through ${str(profile.basicPaidThrough)}, the last Basic ends ${str(last.endDate)}`,
      );
    }
  }
  return result('package dates follow the extension rules', `${activated.length} activated packages`, violations);
}

function lastDayOf(firstOfMonth: string): string {
  const date = new Date(`${firstOfMonth}T00:00:00.000Z`);
  date.setUTCMonth(date.getUTCMonth() + 1, 0);
  return date.toISOString().slice(0, 10);
}

/**
 * A TXID belongs to at most one payment that counts, and its marker names a payment of that TXID; a
 * transfer binds at most one order (and the order names it back); an order has at most one payment;
 * no two open orders hold the same amount.
 */
export function oneOfEach(c: Classified, now: Date): InvariantResult {
  const violations: string[] = [];
  const counting = c.payments.filter((p) => p.status === 'completed' || p.status === 'refunded');
  for (const [txid, payments] of groupBy(counting, (p) => str(p.txidNormalized))) {
    if (payments.length > 1) violations.push(`TXID ${txid} completed ${payments.length} payments`);
  }
  const paymentById = new Map(c.payments.map((p) => [str(p._id), p]));
  for (const marker of c.txidMarkers) {
    const named = paymentById.get(str(marker.paymentId));
    const txid = pk(marker).replace(/^TXID#/, '');
    if (!named)
      violations.push(`TXID ${txid}: its marker names payment ${str(marker.paymentId)}, which does not exist`);
    // A claim whose order the chain paid with another transfer took that transfer's TXID: the
    // TXID it was claimed with stays spent by it (its marker still names it), nothing else.
    else if (str(named.txidNormalized) !== txid && !named.binding) {
      violations.push(
        `TXID ${txid}: its marker names payment ${str(named._id)} of another TXID, which no transfer paid`,
      );
    }
  }
  const boundOrders = c.orders.filter((o) => o.binding && typeof o.binding === 'object');
  for (const [txid, orders] of groupBy(boundOrders, (o) => str((o.binding as Item).txid))) {
    if (orders.length > 1) violations.push(`transfer ${txid} binds ${orders.length} orders`);
    const transfer = c.transfers.find((t) => pk(t) === `TRANSFER#${txid}`);
    const named =
      transfer?.binding && typeof transfer.binding === 'object' ? str((transfer.binding as Item).orderId) : '';
    for (const order of orders) {
      if (named !== str(order.orderId))
        violations.push(`order ${str(order.orderId)} is bound to ${txid}, which names order ${named || 'none'}`);
    }
  }
  const live = c.payments.filter((p) => p.status !== 'rejected' && str(p.orderId) !== '');
  for (const [orderId, payments] of groupBy(live, (p) => str(p.orderId))) {
    if (payments.length > 1) {
      const order = c.orders.find((o) => o.orderId === orderId);
      const described = payments.map((p) => `${str(p._id)} ${str(p.status)} TXID ${str(p.txidNormalized).slice(0, 8)}`);
      const binding =
        order?.binding && typeof order.binding === 'object' ? str((order.binding as Item).txid).slice(0, 8) : 'none';
      violations.push(
        `order ${orderId} has ${payments.length} payments (${described.join(', ')}; bound to ${binding})`,
      );
    }
  }
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const open = c.orders.filter((o) => num(o.expiresAt) > nowSeconds && !o.releasedAt && !o.binding);
  for (const [amount, orders] of groupBy(open, (o) => String(num(o.amountCents)))) {
    if (orders.length > 1) violations.push(`${orders.length} open orders hold ${num(amount) / 100} USDT`);
  }
  return result(
    'a TXID one payment, a transfer one order, an order one payment, an amount one open order',
    `${c.payments.length} payments, ${c.transfers.length} transfers, ${c.orders.length} orders (${open.length} open)`,
    violations,
  );
}

/** The aggregates the transactions maintain equal a recount of the items they summarise. */
export function aggregatesRecount(c: Classified): InvariantResult {
  const violations: string[] = [];
  let compared = 0;
  const expect = (key: string, field: string, actual: unknown, wanted: number) => {
    compared += 1;
    if (toCents(num(actual)) !== toCents(wanted)) {
      violations.push(`${key} ${field} is ${num(actual)}, a recount gives ${wanted}`);
    }
  };
  const stat = (key: string) => c.stats.get(key) ?? {};
  const sum = (items: readonly Item[]) => items.reduce((total, p) => total + num(p.amount), 0);
  const byStatus = (status: string) => c.payments.filter((p) => p.status === status);
  const completed = c.payments.filter((p) => p.status === 'completed' || p.status === 'refunded');
  const total = stat('STATS#PAYMENTS|TOTAL');
  expect('STATS#PAYMENTS/TOTAL', 'pendingCount', total.pendingCount, byStatus('pending').length);
  expect('STATS#PAYMENTS/TOTAL', 'pendingAmount', total.pendingAmount, sum(byStatus('pending')));
  expect('STATS#PAYMENTS/TOTAL', 'completedCount', total.completedCount, completed.length);
  expect('STATS#PAYMENTS/TOTAL', 'completedAmount', total.completedAmount, sum(completed));
  expect('STATS#PAYMENTS/TOTAL', 'rejectedCount', total.rejectedCount, byStatus('rejected').length);
  const revenueKeys = new Map<string, Item[]>();
  for (const p of completed) {
    const at = str(p.approvedAt);
    const slug = str(p.packageSlug);
    for (const key of [
      `DAY#${at.slice(0, 10)}`,
      `MONTH#${at.slice(0, 7)}`,
      `YEAR#${at.slice(0, 4)}`,
      `PACKAGE#${slug}`,
      `PKGMONTH#${at.slice(0, 7)}#${slug}`,
    ]) {
      revenueKeys.set(key, [...(revenueKeys.get(key) ?? []), p]);
    }
  }
  for (const [key, payments] of revenueKeys) {
    const item = stat(`STATS#PAYMENTS|${key}`);
    expect(`STATS#PAYMENTS/${key}`, 'completedCount', item.completedCount, payments.length);
    expect(`STATS#PAYMENTS/${key}`, 'completedAmount', item.completedAmount, sum(payments));
  }
  for (const [month, subs] of groupBy(c.subscriptions, (s) => str(s.createdAt).slice(0, 7))) {
    const key = `STATS#SUBSCRIPTIONS/MONTH#${month}`;
    const item = stat(`STATS#SUBSCRIPTIONS|MONTH#${month}`);
    expect(key, 'total', item.total, subs.length);
    for (const [slug, counter] of Object.entries(SUBSCRIPTION_PACKAGE_COUNTER)) {
      expect(key, counter, item[counter], subs.filter((s) => s.packageSlug === slug).length);
    }
    for (const status of ['pending', 'active', 'expired', 'rejected', 'refunded']) {
      expect(key, status, item[status], subs.filter((s) => s.status === status).length);
    }
  }
  const w = stat('STATS#WITHDRAWALS|TOTAL');
  const wOf = (status: string) => c.withdrawals.filter((x) => x.status === status);
  expect('STATS#WITHDRAWALS/TOTAL', 'total', w.total, c.withdrawals.length);
  for (const status of ['pending', 'approved', 'rejected'])
    expect('STATS#WITHDRAWALS/TOTAL', status, w[status], wOf(status).length);
  expect('STATS#WITHDRAWALS/TOTAL', 'pendingAmount', w.pendingAmount, sum(wOf('pending')));
  expect('STATS#WITHDRAWALS/TOTAL', 'approvedAmount', w.approvedAmount, sum(wOf('approved')));
  const pendingByUser = groupBy(byStatus('pending'), (p) => str(p.userId));
  for (const profile of c.profiles) {
    expect(
      `user ${userOf(profile)}`,
      'pendingPayments',
      profile.pendingPayments,
      (pendingByUser.get(userOf(profile)) ?? []).length,
    );
  }
  const verified = c.profiles.filter((p) => p.GSI1PK === 'USERS');
  const users = stat('STATS#USERS|TOTAL');
  expect('STATS#USERS/TOTAL', 'total', users.total, verified.length);
  expect('STATS#USERS/TOTAL', 'active', users.active, verified.filter((p) => p.isActive !== false).length);
  return result('maintained aggregates equal a recount', `${compared} counters`, violations);
}

/** The mails an effect promises, by the subject the default templates give them. */
export const PROMISED_MAILS = {
  'payment pending': (packageName: string) => `GoldBot: payment received for your ${packageName}`,
  'payment verified': (packageName: string) => `GoldBot: your ${packageName} payment is verified`,
  'free trial': () => 'GoldBot: free trial activated',
  'withdrawal approved': (amount: string) => `GoldBot: your withdrawal of $${amount} is approved`,
  'withdrawal rejected': (amount: string) => `GoldBot: your withdrawal request of $${amount} was not approved`,
} as const;
/** The outbox's template types of each promised mail (a mail kept after a failed send names its type). */
const OUTBOX_TYPES: Record<keyof typeof PROMISED_MAILS, RegExp> = {
  'payment pending': /PaymentPending$|^paymentPending$/,
  'payment verified': /PaymentVerified$|^paymentVerified$/,
  'free trial': /^freeTrial/,
  'withdrawal approved': /^withdrawalApproved$/,
  'withdrawal rejected': /^withdrawalRejected$/,
};

/**
 * Every mail an effect promised (a payment's pending and verified mails, a free trial's activation,
 * a withdrawal decision) was sent, or is kept by the mail outbox (retrying, or listed for the admins
 * as failed). Counted per recipient and subject: n effects need n mails, sent or kept.
 */
export function promisedMailsAccounted(c: Classified, mails: readonly SentMail[]): InvariantResult {
  const promised: { kind: keyof typeof PROMISED_MAILS; to: string; subject: string; entityId: string }[] = [];
  const emailOf = (item: Item) => str(item.email).toLowerCase();
  for (const p of c.payments) {
    const name = str(p.packageName);
    promised.push({
      kind: 'payment pending',
      to: emailOf(p),
      subject: PROMISED_MAILS['payment pending'](name),
      entityId: str(p._id),
    });
    if (p.status === 'completed') {
      promised.push({
        kind: 'payment verified',
        to: emailOf(p),
        subject: PROMISED_MAILS['payment verified'](name),
        entityId: str(p._id),
      });
    }
  }
  for (const s of c.subscriptions.filter((x) => x.packageSlug === 'freeTrial')) {
    promised.push({
      kind: 'free trial',
      to: emailOf(s),
      subject: PROMISED_MAILS['free trial'](),
      entityId: str(s._id),
    });
  }
  for (const w of c.withdrawals) {
    if (w.status !== 'approved' && w.status !== 'rejected') continue;
    const kind = w.status === 'approved' ? 'withdrawal approved' : 'withdrawal rejected';
    promised.push({ kind, to: emailOf(w), subject: PROMISED_MAILS[kind](String(num(w.amount))), entityId: str(w._id) });
  }
  const sent = new Map<string, number>();
  for (const mail of mails) {
    for (const to of mail.destination.to) {
      const key = `${to.toLowerCase()}|${mail.subject}`;
      sent.set(key, (sent.get(key) ?? 0) + 1);
    }
  }
  const kept = new Set(c.outbox.filter((m) => m.status !== 'sent').map((m) => str(m.entityId) + '|' + str(m.type)));
  const keptFor = (p: (typeof promised)[number]) =>
    [...kept].some((k) => k.startsWith(`${p.entityId}|`) && OUTBOX_TYPES[p.kind].test(k.split('|')[1] ?? ''));
  const violations: string[] = [];
  let keptCount = 0;
  for (const [key, group] of groupBy(promised, (p) => `${p.to}|${p.subject}`)) {
    const keptHere = group.filter(keptFor).length;
    keptCount += keptHere;
    const have = (sent.get(key) ?? 0) + keptHere;
    if (have < group.length) {
      const [to, subject] = key.split('|');
      violations.push(`${group.length} "${subject}" promised to ${to}, ${sent.get(key) ?? 0} sent, ${keptHere} kept`);
    }
  }
  return result(
    'every promised mail was sent or kept by the outbox',
    `${promised.length} promised, ${mails.length} in the outbox of SES, ${keptCount} kept for retry or listed failed`,
    violations,
  );
}

/** Every invariant over the run's table and mails. */
export function checkInvariants(evidence: Evidence): InvariantResult[] {
  const c = classify(evidence.items);
  return [
    ledgersBalance(c),
    withdrawalsSettleOnce(c),
    paymentsActivateOnePeriod(c),
    packageDatesFollowRules(c),
    oneOfEach(c, evidence.now),
    aggregatesRecount(c),
    promisedMailsAccounted(c, evidence.mails),
  ];
}
