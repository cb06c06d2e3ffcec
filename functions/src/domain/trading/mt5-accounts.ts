import {
  BOT_CONNECTION_MESSAGES,
  MT5_MESSAGES,
  type BotConnection,
  type BotConnectionsQuery,
  type Mt5Account,
  type Mt5AccountInput,
  type Mt5State,
} from '@goldbot/shared';
import { addDays, utcDay } from '../commerce/package-dates.js';
import { ConflictError, NotFoundError } from '../errors.js';
import type { AuditEntry } from '../records/audit-entry.js';
import { effectiveStatus, type SubscriptionRecord } from '../records/subscription-record.js';
import { backoffMs } from '../../lib/retry.js';
import { mailAfterCommit, type OnMailFailure } from '../email/mail-failure.js';

/**
 * The customer's MetaTrader 5 account and the bot's connection to it (the dashboard's MetaTrader 5
 * card, the admin's Activations screen; docs/data-model.md, "MetaTrader 5 account" and "Bot
 * connection request"). Once a paid package is active, the customer gives broker, server and
 * account number (never a password); that files a request for the current subscription, which the
 * team connects with read-only access and marks connected. A connection holds for as long as the
 * customer's paid packages follow each other without a gap (a renewal needs no reconnection); new
 * account details, or a new package after a gap, need the team again. Storage and mail are injected.
 */

/** The account as stored, with where its connection stands. */
export interface Mt5Record extends Mt5Account {
  createdAt: string;
  updatedAt: string;
  /** The subscription the latest request was filed for. */
  requestSubscriptionId: string | null;
  /** Set when the team connected the bot, for the subscription it marked; cleared by new details. */
  connectedAt: string | null;
  connectedBy: string | null;
  connectedSubscriptionId: string | null;
}

/** What the customer's card reads: their subscriptions and their account (one Query of their rows). */
export interface TradingView {
  subscriptions: SubscriptionRecord[];
  account: Mt5Record | null;
}

export type BotConnectionRecordStatus = BotConnection['status'] | 'superseded';

/** A request to connect the bot, one per subscription. */
export interface BotConnectionRecord extends Mt5Account {
  subscriptionId: string;
  userId: string;
  username: string;
  email: string;
  packageName: string;
  /** 'superseded' once a newer request (a new package after a gap) replaced a waiting one. */
  status: BotConnectionRecordStatus;
  requestedAt: string;
  connectedAt: string | null;
  connectedBy: string | null;
}

const PAID = new Set(['basic', 'pro', 'ultimate']);

/** A paid row that ran or runs: approved (or given by support), dated. */
const isPaidRow = (sub: SubscriptionRecord) =>
  PAID.has(sub.packageSlug) && (sub.status === 'active' || sub.status === 'expired') && sub.startDate !== null;

/**
 * The customer's current run of paid packages: the rows running today or starting later, and every
 * earlier row that the run reaches without a day's gap (a Basic renewed month after month is one
 * run). Empty without a current paid package.
 */
export function coverageRun(subscriptions: readonly SubscriptionRecord[], today: string): SubscriptionRecord[] {
  const paid = subscriptions.filter(isPaidRow);
  const current = paid.filter((sub) => effectiveStatus(sub, today) === 'active');
  if (current.length === 0) return [];
  let start = current.map((sub) => sub.startDate ?? today).sort()[0] ?? today;
  const run = [...current];
  const earlier = paid
    .filter((sub) => !current.includes(sub))
    .sort((a, b) => (b.endDate ?? '').localeCompare(a.endDate ?? ''));
  for (const sub of earlier) {
    // A row ending the day before the run starts (or later) joins it; the rest are before a gap.
    if (sub.endDate === null || sub.endDate < addDays(start, -1)) continue;
    run.push(sub);
    if (sub.startDate && sub.startDate < start) start = sub.startDate;
  }
  return run;
}

/** The subscription a request is filed for: the paid one running today (longest), else the next to start. */
export function anchorOf(run: readonly SubscriptionRecord[], today: string): SubscriptionRecord | undefined {
  const current = run.filter((sub) => effectiveStatus(sub, today) === 'active');
  const running = current
    .filter((sub) => (sub.startDate ?? '') <= today)
    .sort((a, b) => (b.endDate ?? '\uffff').localeCompare(a.endDate ?? '\uffff'));
  if (running[0]) return running[0];
  return [...current].sort((a, b) => (a.startDate ?? '').localeCompare(b.startDate ?? ''))[0];
}

const accountOf = (record: Mt5Record | null): Mt5Account | null =>
  record ? { broker: record.broker, server: record.server, accountNumber: record.accountNumber } : null;

/** Where the customer stands (the card's state), from their rows and account at `today`. */
export function mt5State(view: TradingView, today: string): Mt5State {
  const account = view.account;
  const run = coverageRun(view.subscriptions, today);
  const anchor = anchorOf(run, today);
  const connection = (status: Mt5State['connection']['status'], extra: Partial<Mt5State['connection']> = {}) => ({
    status,
    packageName: anchor?.packageName ?? null,
    subscriptionId: anchor?._id ?? null,
    connectedAt: null,
    ...extra,
  });
  if (!anchor) return { account: accountOf(account), connection: connection('no-package') };
  if (!account) return { account: null, connection: connection('details-missing') };
  const ids = new Set(run.map((sub) => sub._id));
  if (account.connectedSubscriptionId && account.connectedAt && ids.has(account.connectedSubscriptionId)) {
    return {
      account: accountOf(account),
      connection: connection('connected', {
        subscriptionId: account.connectedSubscriptionId,
        connectedAt: account.connectedAt,
      }),
    };
  }
  if (account.requestSubscriptionId && ids.has(account.requestSubscriptionId)) {
    return {
      account: accountOf(account),
      connection: connection('waiting', { subscriptionId: account.requestSubscriptionId }),
    };
  }
  return { account: accountOf(account), connection: connection('confirm-details') };
}

/** The writes of a save: the account, its request for the current subscription, an older waiting one closed. */
export interface Mt5SavePlan {
  userId: string;
  account: Mt5Record;
  /** The account's `updatedAt` as read (the write is conditioned on it); null when there was none. */
  readUpdatedAt: string | null;
  request: BotConnectionRecord;
  /** A waiting request for an earlier subscription, superseded by this one. */
  supersedes: string | null;
}

export interface TradingStore {
  /** The customer's subscriptions and account, read consistently (one Query). */
  readTrading(userId: string): Promise<TradingView>;
  /** The save's one TransactWriteItems; 'changed' when the account or the old request moved meanwhile. */
  saveAccount(plan: Mt5SavePlan): Promise<'committed' | 'changed'>;
}

export interface TradingDeps {
  store: TradingStore;
  now: () => Date;
}

export const sameAccount = (a: Mt5Account | null, b: Mt5Account) =>
  a !== null && a.broker === b.broker && a.server === b.server && a.accountNumber === b.accountNumber;

/**
 * The save of the customer's account (pure): refused without a current paid package; nothing to
 * write when the same details are already connected or waiting; otherwise the account with a
 * request for the current subscription (new details clear a connection: the team connects again).
 */
export function planMt5Save(
  view: TradingView,
  owner: { userId: string; username: string; email: string },
  input: Mt5AccountInput,
  now: Date,
): Mt5SavePlan | null {
  const today = utcDay(now);
  const state = mt5State(view, today);
  const anchor = anchorOf(coverageRun(view.subscriptions, today), today);
  if (!anchor) throw new ConflictError(MT5_MESSAGES.needsPackage);
  const details: Mt5Account = { broker: input.broker, server: input.server, accountNumber: input.accountNumber };
  const unchanged = sameAccount(state.account, details);
  if (unchanged && (state.connection.status === 'connected' || state.connection.status === 'waiting')) return null;
  const at = now.toISOString();
  const read = view.account;
  const olderRequest = read?.requestSubscriptionId ?? null;
  // The older request is still waiting unless it is the one the team connected.
  const olderWaiting = olderRequest !== null && olderRequest !== read?.connectedSubscriptionId;
  return {
    userId: owner.userId,
    account: {
      ...details,
      createdAt: read?.createdAt ?? at,
      updatedAt: at,
      requestSubscriptionId: anchor._id,
      connectedAt: null,
      connectedBy: null,
      connectedSubscriptionId: null,
    },
    readUpdatedAt: read?.updatedAt ?? null,
    request: {
      ...details,
      subscriptionId: anchor._id,
      userId: owner.userId,
      username: owner.username,
      email: owner.email,
      packageName: anchor.packageName,
      status: 'waiting',
      requestedAt: at,
      connectedAt: null,
      connectedBy: null,
    },
    supersedes: olderWaiting && olderRequest !== anchor._id ? olderRequest : null,
  };
}

/** Reads made before a save gives up on a racing save of the same customer (409). */
const SAVE_ATTEMPTS = 3;

/** GET /api/account/mt5: the caller's account and where the connection stands. */
export async function readMt5(deps: TradingDeps, userId: string): Promise<Mt5State> {
  return mt5State(await deps.store.readTrading(userId), utcDay(deps.now()));
}

/** PUT /api/account/mt5: saves the account and files the request; answers the new state and a sentence. */
export async function saveMt5(
  deps: TradingDeps,
  owner: { userId: string; username: string; email: string },
  input: Mt5AccountInput,
): Promise<Mt5State & { message: string }> {
  for (let attempt = 1; attempt <= SAVE_ATTEMPTS; attempt += 1) {
    const view = await deps.store.readTrading(owner.userId);
    const now = deps.now();
    const plan = planMt5Save(view, owner, input, now);
    if (!plan) return { ...mt5State(view, utcDay(now)), message: MT5_MESSAGES.unchanged };
    if ((await deps.store.saveAccount(plan)) === 'committed') {
      return { ...mt5State({ ...view, account: plan.account }, utcDay(now)), message: MT5_MESSAGES.saved };
    }
  }
  throw new ConflictError(MT5_MESSAGES.changedMeanwhile);
}

// ---------------------------------------------------------------------------------------------
// The admin's side

export interface ConnectionPage {
  items: BotConnectionRecord[];
  nextCursor: string | null;
}

/** The mail the customer gets once connected. */
export interface ConnectedMail {
  /** The subscription the bot was connected for: the effect the mail belongs to. */
  subscriptionId: string;
  to: string;
  username: string;
  packageName: string;
  account: Mt5Account;
  connectedAt: string;
}

export interface ConnectPlan {
  request: BotConnectionRecord;
  at: string;
  adminId: string;
  audit: AuditEntry;
}

export type ConnectOutcome =
  | 'committed'
  /** The request is no longer waiting (connected or superseded meanwhile). */
  | 'not-waiting'
  /** The customer's account no longer holds this request's details. */
  | 'account-changed'
  | 'conflict';

export interface ConnectionStore {
  listConnections(
    status: BotConnectionsQuery['status'],
    page: { limit: number; cursor?: string },
  ): Promise<ConnectionPage>;
  /** Consistent read of one subscription's request. */
  getConnection(subscriptionId: string): Promise<BotConnectionRecord | undefined>;
  commitConnected(plan: ConnectPlan): Promise<ConnectOutcome>;
  /** The customer's live name and address for the mail (the request keeps a snapshot). */
  recipient(userId: string): Promise<{ username: string; email: string } | undefined>;
}

export interface ConnectionDeps {
  store: ConnectionStore;
  now: () => Date;
  newId: (nowMs: number) => string;
  sleep: (ms: number) => Promise<void>;
  sendConnectedMail: (mail: ConnectedMail) => Promise<void>;
  /** A failed mail is reported (by the subscription's id) and never undoes the mark. */
  onMailFailure: OnMailFailure;
}

export const toBotConnectionView = (record: BotConnectionRecord): BotConnection => ({
  subscriptionId: record.subscriptionId,
  userId: { _id: record.userId, username: record.username, email: record.email },
  packageName: record.packageName,
  broker: record.broker,
  server: record.server,
  accountNumber: record.accountNumber,
  status: record.status === 'connected' ? 'connected' : 'waiting',
  requestedAt: record.requestedAt,
  connectedAt: record.connectedAt,
});

/** The Activations screen's connections: waiting ones oldest first (the queue), connected ones newest first. */
export async function listBotConnections(store: ConnectionStore, query: BotConnectionsQuery) {
  const page = await store.listConnections(query.status, { limit: query.limit, cursor: query.cursor });
  return { connections: page.items.map(toBotConnectionView), nextCursor: page.nextCursor };
}

/** Reads of the request before a mark racing other changes gives up (409). */
const CONNECT_ATTEMPTS = 4;

/**
 * POST /api/admin/activations/{subscriptionId}/connected: marks the bot connected to the account the
 * request names, in one transaction with the customer's account (still those details), the
 * subscription row and the audit entry; then mails the customer. A repeat answers "already"; a
 * request superseded, or details the customer changed meanwhile, are 409.
 */
export async function markConnected(
  deps: ConnectionDeps,
  subscriptionId: string,
  admin: { userId: string; email?: string },
): Promise<{ message: string; connection: BotConnection }> {
  for (let attempt = 1; attempt <= CONNECT_ATTEMPTS; attempt += 1) {
    if (attempt > 1) await deps.sleep(backoffMs(attempt - 1, { baseMs: 100 }));
    const request = await deps.store.getConnection(subscriptionId);
    if (!request) throw new NotFoundError(BOT_CONNECTION_MESSAGES.notFound);
    if (request.status === 'connected') {
      return { message: BOT_CONNECTION_MESSAGES.alreadyConnected, connection: toBotConnectionView(request) };
    }
    if (request.status === 'superseded') throw new ConflictError(BOT_CONNECTION_MESSAGES.superseded);
    const now = deps.now();
    const at = now.toISOString();
    const plan: ConnectPlan = {
      request,
      at,
      adminId: admin.userId,
      audit: {
        _id: deps.newId(now.getTime()),
        actor: admin.userId,
        ...(admin.email ? { actorEmail: admin.email } : {}),
        action: 'bot.connect',
        target: { type: 'subscription', id: subscriptionId },
        details: {
          userId: request.userId,
          username: request.username,
          packageName: request.packageName,
          broker: request.broker,
          server: request.server,
          accountNumber: request.accountNumber,
          from: 'waiting',
          to: 'connected',
        },
        at,
      },
    };
    const outcome = await deps.store.commitConnected(plan);
    // Connected or superseded meanwhile, or another write in the way: read again and answer from that.
    if (outcome === 'not-waiting' || outcome === 'conflict') continue;
    if (outcome === 'account-changed') throw new ConflictError(BOT_CONNECTION_MESSAGES.changedMeanwhile);
    const connected: BotConnectionRecord = {
      ...request,
      status: 'connected',
      connectedAt: at,
      connectedBy: admin.userId,
    };
    const recipient = (await deps.store.recipient(request.userId)) ?? {
      username: request.username,
      email: request.email,
    };
    await mailAfterCommit(
      () =>
        deps.sendConnectedMail({
          subscriptionId,
          to: recipient.email,
          username: recipient.username,
          packageName: request.packageName,
          account: { broker: request.broker, server: request.server, accountNumber: request.accountNumber },
          connectedAt: at,
        }),
      deps.onMailFailure,
      subscriptionId,
    );
    return {
      message: BOT_CONNECTION_MESSAGES.connected(recipient.username),
      connection: toBotConnectionView(connected),
    };
  }
  throw new ConflictError(BOT_CONNECTION_MESSAGES.changedMeanwhile);
}
