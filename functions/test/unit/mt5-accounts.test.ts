import { GetCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it, vi } from 'vitest';
import {
  BOT_CONNECTION_MESSAGES,
  MT5_MESSAGES,
  botConnectionSchema,
  mt5AccountInputSchema,
  mt5StateSchema,
} from '@goldbot/shared';
import {
  connectOutcomeOf,
  connectTransaction,
  dynamoConnectionStore,
  dynamoTradingStore,
  saveTransaction,
} from '../../src/data/trading-account-store.js';
import { toBotConnectionItem, toMt5AccountItem } from '../../src/data/trading-account-entity.js';
import { toSubscriptionItem } from '../../src/data/subscription-entity.js';
import { ConflictError, NotFoundError } from '../../src/domain/errors.js';
import type { SubscriptionRecord } from '../../src/domain/records/subscription-record.js';
import {
  anchorOf,
  coverageRun,
  markConnected,
  mt5State,
  planMt5Save,
  readMt5,
  saveMt5,
  type BotConnectionRecord,
  type ConnectPlan,
  type ConnectionDeps,
  type ConnectionStore,
  type Mt5Record,
  type Mt5SavePlan,
  type TradingStore,
  type TradingView,
} from '../../src/domain/trading/mt5-accounts.js';
import { cancelled, useMockedDynamo } from '../helpers/dynamo-outcomes.js';
import { SAMPLE_ADMIN_ID as ADMIN } from '../helpers/sample-admin.js';
import { marchSubscription } from '../helpers/subscription-samples.js';

/**
 * The customer's MetaTrader 5 account and the bot's connection: the input's sentences, which
 * packages count (a run of paid packages without a gap), every state the card shows, what a save
 * writes and when it writes nothing, the admin's mark (once, mailed, refused when the details
 * moved), and the transactions and reads behind them.
 */
const NOW = new Date('2026-03-15T10:00:00.000Z');
const TODAY = '2026-03-15';
const USER = 'jane-sub';
const OWNER = { userId: USER, username: 'jane_doe', email: 'jane.doe@example.com' };
const DETAILS = { broker: 'IC Markets', server: 'ICMarketsSC-MT5-2', accountNumber: '51234567' };
let ids = 0;

const row = (overrides: Partial<SubscriptionRecord>): SubscriptionRecord =>
  marchSubscription(USER, `SUB${String((ids += 1)).padStart(4, '0')}`, overrides);
const account = (overrides: Partial<Mt5Record> = {}): Mt5Record => ({
  ...DETAILS,
  createdAt: '2026-03-02T08:00:00.000Z',
  updatedAt: '2026-03-02T08:00:00.000Z',
  requestSubscriptionId: null,
  connectedAt: null,
  connectedBy: null,
  connectedSubscriptionId: null,
  ...overrides,
});
const state = (view: TradingView) => mt5State(view, TODAY);
/** The admin's mark of `request` now, as the use case hands it to the store. */
const markOf = (request: BotConnectionRecord): ConnectPlan => ({
  request,
  at: NOW.toISOString(),
  adminId: ADMIN,
  audit: {
    _id: 'A1',
    actor: ADMIN,
    action: 'bot.connect',
    target: { type: 'subscription', id: 'MAR' },
    details: {},
    at: NOW.toISOString(),
  },
});
/** Jane's request for the March package, waiting for the team. */
const waiting = (overrides: Partial<BotConnectionRecord> = {}): BotConnectionRecord => ({
  ...DETAILS,
  subscriptionId: 'MAR',
  userId: USER,
  username: 'jane_doe',
  email: 'jane.doe@example.com',
  packageName: 'Basic Package',
  status: 'waiting',
  requestedAt: '2026-03-14T08:00:00.000Z',
  connectedAt: null,
  connectedBy: null,
  ...overrides,
});

describe('the input', () => {
  it('trims each field and says what is wrong with each; a password is refused, never kept', () => {
    expect(
      mt5AccountInputSchema.parse({
        broker: ' IC Markets ',
        server: ' ICMarketsSC-MT5-2',
        accountNumber: ' 51234567 ',
      }),
    ).toEqual(DETAILS);
    const errors = (value: unknown) => {
      const parsed = mt5AccountInputSchema.safeParse(value);
      return parsed.success ? {} : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join('.'), i.message]));
    };
    expect(errors({})).toEqual({
      broker: MT5_MESSAGES.brokerRequired,
      server: MT5_MESSAGES.serverRequired,
      accountNumber: MT5_MESSAGES.accountRequired,
    });
    expect(errors({ broker: 'X', server: '<script>', accountNumber: '12ab' })).toEqual({
      broker: MT5_MESSAGES.brokerInvalid,
      server: MT5_MESSAGES.serverInvalid,
      accountNumber: MT5_MESSAGES.accountInvalid,
    });
    expect(errors({ ...DETAILS, accountNumber: '123' })).toEqual({ accountNumber: MT5_MESSAGES.accountInvalid });
    expect(errors({ ...DETAILS, accountNumber: '1'.repeat(17) })).toEqual({
      accountNumber: MT5_MESSAGES.accountInvalid,
    });
    expect(errors({ ...DETAILS, broker: 'b'.repeat(81) })).toEqual({ broker: MT5_MESSAGES.brokerInvalid });
    for (const key of ['password', 'investorPassword', 'masterPassword', 'mt5Password']) {
      expect(errors({ ...DETAILS, [key]: 'hunter2' })).toEqual({ password: MT5_MESSAGES.noPassword });
    }
    // Names as brokers write them pass: accents, dots, ampersands, brackets.
    expect(errors({ broker: 'Société Générale & Co. (FX)', server: 'XMGlobal-MT5 3', accountNumber: '1234' })).toEqual(
      {},
    );
  });
});

describe('which packages count', () => {
  it('a run of paid packages without a gap: renewals and support rows join, an older package after a gap does not', () => {
    const feb = row({ startDate: '2026-02-01', endDate: '2026-02-28', status: 'expired' });
    const mar = row({});
    const apr = row({ startDate: '2026-04-01', endDate: '2026-04-30', isExtension: true });
    const december = row({ startDate: '2025-12-01', endDate: '2025-12-31', status: 'expired' });
    const trial = row({
      packageSlug: 'freeTrial',
      packageName: 'Free Trial',
      paymentMethod: 'free',
      endDate: '2026-04-10',
    });
    const pending = row({ status: 'pending', startDate: null, endDate: null });
    const run = coverageRun([apr, mar, feb, december, trial, pending], TODAY);
    expect(run.map((r) => r._id).sort()).toEqual([apr._id, mar._id, feb._id].sort());
    expect(anchorOf(run, TODAY)?._id).toBe(mar._id);
    expect(coverageRun([december, trial, pending], TODAY)).toEqual([]);
  });

  it('the anchor is the running package (the longest), else the next to start', () => {
    const pro = row({ packageSlug: 'pro', packageName: 'Pro Package', endDate: '2026-08-31' });
    const life = row({ packageSlug: 'ultimate', packageName: 'Ultimate Package', endDate: null });
    expect(anchorOf([row({}), pro], TODAY)?._id).toBe(pro._id);
    expect(anchorOf([pro, life], TODAY)?._id).toBe(life._id);
    const nextMonth = row({ startDate: '2026-04-01', endDate: '2026-04-30' });
    expect(anchorOf([nextMonth], TODAY)?._id).toBe(nextMonth._id);
  });
});

describe('the states of the card', () => {
  const mar = row({ _id: 'MAR' });

  it('no paid package: nothing is asked', () => {
    expect(state({ subscriptions: [], account: null })).toEqual({
      account: null,
      connection: { status: 'no-package', packageName: null, subscriptionId: null, connectedAt: null },
    });
  });

  it('details missing, waiting for the team, connected since when', () => {
    expect(state({ subscriptions: [mar], account: null }).connection).toEqual({
      status: 'details-missing',
      packageName: 'Basic Package',
      subscriptionId: 'MAR',
      connectedAt: null,
    });
    expect(state({ subscriptions: [mar], account: account({ requestSubscriptionId: 'MAR' }) })).toEqual({
      account: DETAILS,
      connection: { status: 'waiting', packageName: 'Basic Package', subscriptionId: 'MAR', connectedAt: null },
    });
    const connected = account({
      requestSubscriptionId: 'MAR',
      connectedSubscriptionId: 'MAR',
      connectedAt: '2026-03-03T10:00:00.000Z',
      connectedBy: ADMIN,
    });
    expect(mt5StateSchema.parse(state({ subscriptions: [mar], account: connected })).connection).toEqual({
      status: 'connected',
      packageName: 'Basic Package',
      subscriptionId: 'MAR',
      connectedAt: '2026-03-03T10:00:00.000Z',
    });
  });

  it('a renewal keeps the connection; a new package after a gap asks to confirm the details', () => {
    // An earlier package, expired, and the account connected on its second day.
    const connectedDuring = (_id: string, startDate: string, endDate: string) => ({
      subscription: row({ _id, startDate, endDate, status: 'expired' }),
      account: account({
        requestSubscriptionId: _id,
        connectedSubscriptionId: _id,
        connectedAt: `${startDate.slice(0, 8)}02T10:00:00.000Z`,
      }),
    });
    const feb = connectedDuring('FEB', '2026-02-01', '2026-02-28');
    expect(state({ subscriptions: [mar, feb.subscription], account: feb.account }).connection.status).toBe('connected');
    const jan = connectedDuring('JAN', '2026-01-01', '2026-01-31');
    const afterGap = state({ subscriptions: [mar, jan.subscription], account: jan.account });
    expect(afterGap.connection.status).toBe('confirm-details');
    // And the details are still shown, to confirm as they are.
    expect(afterGap.account).toEqual(DETAILS);
  });
});

describe('saving the account', () => {
  const mar = row({ _id: 'MAR' });

  it('files a waiting request for the current subscription with the details', () => {
    const plan = planMt5Save({ subscriptions: [mar], account: null }, OWNER, DETAILS, NOW);
    expect(plan).toEqual({
      userId: USER,
      account: {
        ...DETAILS,
        createdAt: NOW.toISOString(),
        updatedAt: NOW.toISOString(),
        requestSubscriptionId: 'MAR',
        connectedAt: null,
        connectedBy: null,
        connectedSubscriptionId: null,
      },
      readUpdatedAt: null,
      request: waiting({ requestedAt: NOW.toISOString() }),
      supersedes: null,
    });
  });

  it('refuses without a paid package, and writes nothing for the same details already waiting or connected', () => {
    expect(() => planMt5Save({ subscriptions: [], account: null }, OWNER, DETAILS, NOW)).toThrow(
      new ConflictError(MT5_MESSAGES.needsPackage),
    );
    expect(
      planMt5Save({ subscriptions: [mar], account: account({ requestSubscriptionId: 'MAR' }) }, OWNER, DETAILS, NOW),
    ).toBeNull();
    const connected = account({ requestSubscriptionId: 'MAR', connectedSubscriptionId: 'MAR', connectedAt: 'x' });
    expect(planMt5Save({ subscriptions: [mar], account: connected }, OWNER, DETAILS, NOW)).toBeNull();
  });

  it('new details clear the connection (the team connects again), on the version read', () => {
    const connected = account({
      requestSubscriptionId: 'MAR',
      connectedSubscriptionId: 'MAR',
      connectedAt: 'x',
      connectedBy: ADMIN,
    });
    const plan = planMt5Save(
      { subscriptions: [mar], account: connected },
      OWNER,
      { ...DETAILS, accountNumber: '99887766' },
      NOW,
    );
    expect(plan?.account).toMatchObject({
      accountNumber: '99887766',
      connectedAt: null,
      connectedSubscriptionId: null,
      createdAt: connected.createdAt,
    });
    expect(plan?.readUpdatedAt).toBe(connected.updatedAt);
    expect(plan?.supersedes).toBeNull();
  });

  it('a new package after a gap supersedes a request still waiting for the old one, not a connected one', () => {
    const jan = row({ _id: 'JAN', startDate: '2026-01-01', endDate: '2026-01-31', status: 'expired' });
    const waitingForJan = account({ requestSubscriptionId: 'JAN' });
    expect(planMt5Save({ subscriptions: [mar, jan], account: waitingForJan }, OWNER, DETAILS, NOW)?.supersedes).toBe(
      'JAN',
    );
    const connectedForJan = account({ requestSubscriptionId: 'JAN', connectedSubscriptionId: 'JAN', connectedAt: 'x' });
    expect(
      planMt5Save({ subscriptions: [mar, jan], account: connectedForJan }, OWNER, DETAILS, NOW)?.supersedes,
    ).toBeNull();
  });

  it('the use cases: read the state; save, answer the new state, read again on a race, then 409', async () => {
    const view: TradingView = { subscriptions: [mar], account: null };
    const outcomes: ('committed' | 'changed')[] = ['changed', 'committed'];
    const store: TradingStore = {
      readTrading: vi.fn(async () => view),
      saveAccount: vi.fn(async () => outcomes.shift() ?? 'changed'),
    };
    const deps = { store, now: () => NOW };
    expect((await readMt5(deps, USER)).connection.status).toBe('details-missing');
    const saved = await saveMt5(deps, OWNER, DETAILS);
    expect(saved).toMatchObject({ message: MT5_MESSAGES.saved, account: DETAILS, connection: { status: 'waiting' } });
    expect(store.saveAccount).toHaveBeenCalledTimes(2);
    await expect(saveMt5(deps, OWNER, DETAILS)).rejects.toEqual(new ConflictError(MT5_MESSAGES.changedMeanwhile));
    const same = await saveMt5(
      {
        store: {
          ...store,
          readTrading: async () => ({ subscriptions: [mar], account: account({ requestSubscriptionId: 'MAR' }) }),
        },
        now: () => NOW,
      },
      OWNER,
      DETAILS,
    );
    expect(same.message).toBe(MT5_MESSAGES.unchanged);
  });
});

describe("the admin's mark", () => {
  function deps(request: BotConnectionRecord | undefined, outcomes: string[] = ['committed']) {
    const plans: ConnectPlan[] = [];
    let current = request;
    const store: ConnectionStore = {
      listConnections: vi.fn(),
      getConnection: vi.fn(async () => current),
      commitConnected: vi.fn(async (plan: ConnectPlan) => {
        plans.push(plan);
        const outcome = (outcomes.shift() ?? 'committed') as 'committed';
        if (outcome === 'committed') current = { ...plan.request, status: 'connected', connectedAt: plan.at };
        return outcome;
      }),
      recipient: vi.fn(async () => ({ username: 'jane_renamed', email: 'jane.new@example.com' })),
    };
    const d: ConnectionDeps = {
      store,
      now: () => NOW,
      newId: () => 'AUDIT1',
      sleep: vi.fn(async () => undefined),
      sendConnectedMail: vi.fn(async () => undefined),
      onMailFailure: vi.fn(),
    };
    return { d, plans, store, set: (r: BotConnectionRecord) => (current = r) };
  }
  const ACTOR = { userId: ADMIN, email: 'admin@example.com' };

  it('connects, audits and mails the customer at their live address; a repeat answers "already" without a mail', async () => {
    const { d, plans } = deps(waiting());
    const answer = await markConnected(d, 'MAR', ACTOR);
    expect(answer.message).toBe(BOT_CONNECTION_MESSAGES.connected('jane_renamed'));
    expect(botConnectionSchema.parse(answer.connection)).toMatchObject({
      status: 'connected',
      connectedAt: NOW.toISOString(),
    });
    expect(plans[0]?.audit).toMatchObject({
      actor: ADMIN,
      actorEmail: 'admin@example.com',
      action: 'bot.connect',
      target: { type: 'subscription', id: 'MAR' },
      details: { ...DETAILS, userId: USER, from: 'waiting', to: 'connected' },
    });
    expect(d.sendConnectedMail).toHaveBeenCalledWith({
      subscriptionId: 'MAR',
      to: 'jane.new@example.com',
      username: 'jane_renamed',
      packageName: 'Basic Package',
      account: DETAILS,
      connectedAt: NOW.toISOString(),
    });
    const again = await markConnected(d, 'MAR', ACTOR);
    expect(again.message).toBe(BOT_CONNECTION_MESSAGES.alreadyConnected);
    expect(d.sendConnectedMail).toHaveBeenCalledTimes(1);
  });

  it('refuses: no request 404, a superseded one 409, details the customer changed meanwhile 409; reads again after a race', async () => {
    await expect(markConnected(deps(undefined).d, 'NOPE', ACTOR)).rejects.toBeInstanceOf(NotFoundError);
    await expect(markConnected(deps(waiting({ status: 'superseded' })).d, 'MAR', ACTOR)).rejects.toEqual(
      new ConflictError(BOT_CONNECTION_MESSAGES.superseded),
    );
    await expect(markConnected(deps(waiting(), ['account-changed']).d, 'MAR', ACTOR)).rejects.toEqual(
      new ConflictError(BOT_CONNECTION_MESSAGES.changedMeanwhile),
    );
    const race = deps(waiting(), ['conflict', 'committed']);
    await expect(markConnected(race.d, 'MAR', ACTOR)).resolves.toMatchObject({ connection: { status: 'connected' } });
    expect(race.plans).toHaveLength(2);
  });

  it('keeps the mark when the mail fails, and reports it', async () => {
    const { d } = deps(waiting());
    const failure = new Error('SES is down');
    d.sendConnectedMail = vi.fn(async () => Promise.reject(failure));
    await expect(markConnected(d, 'MAR', ACTOR)).resolves.toMatchObject({ connection: { status: 'connected' } });
    expect(d.onMailFailure).toHaveBeenCalledWith(failure, 'MAR');
  });
});

describe('the table', () => {
  const dynamo = useMockedDynamo();
  const plan = (overrides: Partial<Mt5SavePlan> = {}): Mt5SavePlan => ({
    ...(planMt5Save({ subscriptions: [row({ _id: 'MAR' })], account: null }, OWNER, DETAILS, NOW) as Mt5SavePlan),
    ...overrides,
  });

  it('one Query reads the rows and the account: SK from SUB# to TRADING#MT5, consistently', async () => {
    const mar = row({ _id: 'MAR' });
    dynamo.on(QueryCommand).resolves({ Items: [toSubscriptionItem(mar), toMt5AccountItem(USER, account())] });
    const view = await dynamoTradingStore.readTrading(USER);
    expect(view.subscriptions.map((s) => s._id)).toEqual(['MAR']);
    expect(view.account).toEqual(account());
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      KeyConditionExpression: 'PK = :pk AND SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':pk': `USER#${USER}`, ':from': 'SUB#', ':to': 'TRADING#MT5' },
      ConsistentRead: true,
    });
  });

  it('a save: the account (new, or on its version), the request on the waiting list, an older request superseded', () => {
    const items = saveTransaction(plan());
    expect(items[0]?.Put).toMatchObject({
      Item: { PK: `USER#${USER}`, SK: 'TRADING#MT5', entity: 'Mt5Account', ...DETAILS, requestSubscriptionId: 'MAR' },
      ConditionExpression: 'attribute_not_exists(PK)',
    });
    expect(items[1]?.Put?.Item).toMatchObject({
      PK: 'BOTCONNECT#MAR',
      SK: 'BOTCONNECT',
      entity: 'BotConnection',
      status: 'waiting',
      GSI1PK: 'BOTCONNECTS#waiting',
      GSI1SK: `${NOW.toISOString()}#MAR`,
    });
    const again = saveTransaction(plan({ readUpdatedAt: 'SEEN', supersedes: 'JAN' }));
    expect(again[0]?.Put).toMatchObject({
      ConditionExpression: 'updatedAt = :seen',
      ExpressionAttributeValues: { ':seen': 'SEEN' },
    });
    expect(again[2]?.Update).toMatchObject({
      Key: { PK: 'BOTCONNECT#JAN', SK: 'BOTCONNECT' },
      UpdateExpression: 'SET #status = :superseded, updatedAt = :at REMOVE GSI1PK, GSI1SK',
      ConditionExpression: '#status = :waiting',
    });
    // Never a password, whatever the request carried.
    expect(JSON.stringify(again)).not.toMatch(/password/i);
  });

  it('the mark: the request onto the connected list, the account on its details, the row, the audit entry', () => {
    const request: BotConnectionRecord = { ...plan().request };
    const items = connectTransaction(markOf(request));
    expect(items[0]?.Update).toMatchObject({
      Key: { PK: 'BOTCONNECT#MAR', SK: 'BOTCONNECT' },
      ConditionExpression: '#status = :waiting',
      ExpressionAttributeValues: { ':list': 'BOTCONNECTS#connected', ':sk': `${NOW.toISOString()}#MAR` },
    });
    expect(items[1]?.Update).toMatchObject({
      Key: { PK: `USER#${USER}`, SK: 'TRADING#MT5' },
      ConditionExpression:
        'requestSubscriptionId = :sub AND broker = :broker AND #server = :server AND accountNumber = :account',
    });
    expect(items[2]?.Update).toMatchObject({
      Key: { PK: `USER#${USER}`, SK: 'SUB#MAR' },
      UpdateExpression: 'SET botConnectedAt = :at, botConnectedBy = :admin',
    });
    expect(items[3]?.Put?.Item).toMatchObject({ entity: 'AuditEntry', action: 'bot.connect' });
    expect(connectOutcomeOf(cancelled('ConditionalCheckFailed', 'None', 'None', 'None'))).toBe('not-waiting');
    expect(connectOutcomeOf(cancelled('None', 'ConditionalCheckFailed', 'None', 'None'))).toBe('account-changed');
    expect(connectOutcomeOf(cancelled('TransactionConflict', 'None', 'None', 'None'))).toBe('conflict');
    expect(() => connectOutcomeOf(new Error('network'))).toThrow('network');
  });

  it('lists waiting requests oldest first and connected ones newest first, from GSI1', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [toBotConnectionItem(plan().request)] });
    const waiting = await dynamoConnectionStore.listConnections('waiting', { limit: 20 });
    expect(waiting.items[0]).toMatchObject({ subscriptionId: 'MAR', status: 'waiting' });
    await dynamoConnectionStore.listConnections('connected', { limit: 20 });
    const inputs = dynamo.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(inputs.map((i) => [i.IndexName, i.ExpressionAttributeValues?.[':list'], i.ScanIndexForward])).toEqual([
      ['GSI1', 'BOTCONNECTS#waiting', true],
      ['GSI1', 'BOTCONNECTS#connected', false],
    ]);
  });

  it('reads a request by subscription consistently; commits a mark or maps its cancellation', async () => {
    dynamo.on(GetCommand).resolves({ Item: toBotConnectionItem(plan().request) });
    expect(await dynamoConnectionStore.getConnection('MAR')).toMatchObject({
      subscriptionId: 'MAR',
      status: 'waiting',
    });
    expect(dynamo.commandCalls(GetCommand)[0]?.args[0].input).toMatchObject({
      Key: { PK: 'BOTCONNECT#MAR', SK: 'BOTCONNECT' },
      ConsistentRead: true,
    });
    dynamo.on(TransactWriteCommand).rejects(cancelled('None', 'ConditionalCheckFailed', 'None', 'None'));
    const mark = markOf(plan().request);
    expect(await dynamoConnectionStore.commitConnected(mark)).toBe('account-changed');
    dynamo.on(TransactWriteCommand).resolves({});
    expect(await dynamoConnectionStore.commitConnected(mark)).toBe('committed');
    expect(await dynamoTradingStore.saveAccount(plan())).toBe('committed');
    dynamo.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'None'));
    expect(await dynamoTradingStore.saveAccount(plan())).toBe('changed');
  });
});
