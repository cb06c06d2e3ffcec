import { BatchGetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { subscriptionHistoryResponseSchema, type SubscriptionSummary } from '@goldbot/shared';
import { approvalTransaction, rejectionTransaction } from '../../src/data/payment-review-store.js';
import { dynamoSubscriptionHistoryStore } from '../../src/data/subscription-history-store.js';
import { subscriptionSearchText, toSubscriptionItem } from '../../src/data/subscription-entity.js';
import type { SubscriptionRecord } from '../../src/domain/records/subscription-record.js';
import { UNBOUNDED_SEARCH_CHUNK, queryListPage } from '../../src/data/table-reads.js';
import {
  historyScope,
  subscriptionHistory,
  summaryMonths,
  type SubscriptionHistoryStore,
} from '../../src/domain/commerce/subscription-history.js';
import { planFreeTrial } from '../../src/domain/commerce/purchase.js';
import { encodeCursor } from '../../src/data/cursor.js';
import { CALLERS, givenProfilesOnly, httpEvent, invoke, storeCalls, type HttpHandler } from '../helpers/lambda.js';
import { SAMPLE_BUYER, pendingPayment, pendingSubscription } from '../helpers/payment-samples.js';
import { useMockedDynamo } from '../helpers/dynamo-outcomes.js';

/**
 * The admin subscription history (payment-subscription-history): the year/month scope, the search
 * field every write keeps, the page that reads on until it is full (never an empty page with a
 * cursor), the summary from the month aggregates, and the handler.
 */
const dynamo = useMockedDynamo();
beforeEach(() => givenProfilesOnly(dynamo));

const NOW = new Date('2026-11-23T10:00:00.000Z');

function subscription(overrides: Partial<SubscriptionRecord> = {}): SubscriptionRecord {
  return pendingSubscription(pendingPayment({ packageSlug: 'pro' }), overrides);
}

describe('searchText on subscriptions', () => {
  it('is the lower-cased username, e-mail, package name and status', () => {
    const sub = subscription({ username: 'Jane_Doe', email: 'Jane.Doe@Example.com' });
    expect(subscriptionSearchText(sub, 'active')).toBe('jane_doe\njane.doe@example.com\npro package\nactive');
    expect(toSubscriptionItem(sub).searchText).toBe('jane_doe\njane.doe@example.com\npro package\npending');
  });

  it('is written with a free trial', () => {
    const trial = planFreeTrial(
      {
        _id: SAMPLE_BUYER._id,
        username: 'jane_doe',
        email: 'jane.doe@example.com',
        isActive: true,
        referralCode: 'JANE2026',
        basicPaidThrough: null,
        freeTrialStartedAt: null,
      },
      NOW,
      'SUB1',
      { onSale: true, copyTradingLink: 'https://broker.example/copy' },
    ).subscription;
    expect(toSubscriptionItem(trial).searchText).toBe('jane_doe\njane.doe@example.com\nfree trial\nactive');
  });

  it('follows the status on approval (active) and rejection (rejected)', () => {
    const payment = pendingPayment({ packageSlug: 'pro' });
    const sub = pendingSubscription(payment);
    const audit = {
      _id: 'A1',
      actor: 'admin',
      action: 'payment.approve' as const,
      target: { type: 'payment' as const, id: payment._id },
      details: {},
      at: NOW.toISOString(),
    };
    const { items } = approvalTransaction({
      payment,
      subscription: sub,
      adminId: 'admin',
      at: NOW.toISOString(),
      period: { startDate: '2026-12-01', endDate: '2027-05-31' },
      isExtension: false,
      paidThrough: null,
      referralCredit: null,
      audit,
    });
    expect(items[1]?.Update?.UpdateExpression).toContain('searchText = :search');
    expect(items[1]?.Update?.ExpressionAttributeValues?.[':search']).toBe(subscriptionSearchText(sub, 'active'));
    const rejection = rejectionTransaction({
      payment,
      subscription: sub,
      adminId: 'admin',
      at: NOW.toISOString(),
      audit: { ...audit, action: 'payment.reject' },
    });
    expect(rejection[1]?.Update?.UpdateExpression).toContain('searchText = :search');
    expect(rejection[1]?.Update?.ExpressionAttributeValues?.[':search']).toMatch(/\nrejected$/);
  });
});

describe('history scope and summary months', () => {
  it('defaults to the current UTC year', () => {
    expect(historyScope({}, new Date('2027-01-01T00:30:00.000Z'))).toEqual({ year: 2027 });
    expect(historyScope({ year: 2025, month: 0 }, NOW)).toEqual({ year: 2025, month: 0 });
  });

  it('sums one month, or the twelve months of the year', () => {
    expect(summaryMonths({ year: 2026, month: 10 })).toEqual(['2026-11']);
    expect(summaryMonths({ year: 2026 })).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
    ]);
  });
});

describe('subscriptionHistory', () => {
  const summary: SubscriptionSummary = {
    total: 3,
    freeTrials: 1,
    basicPackages: 1,
    proPackages: 1,
    ultimatePackages: 0,
    active: 2,
    pending: 1,
    expired: 0,
    refunded: 0,
  };

  it('answers admin rows (effective status, owner), the cursor and the summary of the period, whatever the search', async () => {
    const calls: unknown[] = [];
    const store: SubscriptionHistoryStore = {
      async listHistory(scope, page) {
        calls.push({ scope, page });
        return {
          items: [subscription({ status: 'active', startDate: '2026-10-01', endDate: '2026-10-31' })],
          nextCursor: 'next',
        };
      },
      async summaryOf(months) {
        calls.push({ months });
        return summary;
      },
    };
    const answer = subscriptionHistoryResponseSchema.parse(
      await subscriptionHistory(store, { limit: 20, search: '  PRO ', month: 9 }, NOW),
    );
    expect(answer.success).toBe(true);
    expect(answer.subscriptions[0]).toMatchObject({
      status: 'expired', // ended Oct 31; the nightly job has not reached it
      userId: { _id: SAMPLE_BUYER._id, username: 'jane_doe', email: 'jane.doe@example.com' },
      notificationSent: false,
    });
    expect(answer.nextCursor).toBe('next');
    expect(answer.summary).toEqual(summary);
    expect(calls).toEqual([
      { scope: { year: 2026, month: 9 }, page: { limit: 20, cursor: undefined, contains: 'pro' } },
      { months: ['2026-10'] },
    ]);
  });
});

const TABLE = process.env.TABLE_NAME ?? '';
const item = (createdAt: string, id: string, searchText = 'x') => ({
  PK: `USER#u`,
  SK: `SUB#${id}`,
  GSI1PK: `SUBS#${createdAt.slice(0, 4)}`,
  GSI1SK: `${createdAt}#${id}`,
  searchText,
});

describe('queryListPage with a sort-key prefix and no budget', () => {
  const list = { index: 'GSI1', pk: 'GSI1PK', sk: 'GSI1SK', value: 'SUBS#2026', skPrefix: '2026-11' };

  it('narrows the key condition to the month', async () => {
    await queryListPage(list, { limit: 10, budget: 10 });
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      TableName: TABLE,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :list AND begins_with(GSI1SK, :prefix)',
      ExpressionAttributeValues: { ':list': 'SUBS#2026', ':prefix': '2026-11' },
      ScanIndexForward: false,
      Limit: 10,
    });
  });

  it('reads on past empty chunks until the page is full, then resumes right after the last row answered', async () => {
    dynamo
      .on(QueryCommand)
      .resolvesOnce({ Items: [], ScannedCount: UNBOUNDED_SEARCH_CHUNK, LastEvaluatedKey: item('2026-11-20', 'A') })
      .resolvesOnce({ Items: [], ScannedCount: UNBOUNDED_SEARCH_CHUNK, LastEvaluatedKey: item('2026-11-10', 'B') })
      .resolvesOnce({
        Items: [item('2026-11-05', 'C'), item('2026-11-04', 'D'), item('2026-11-03', 'E')],
        ScannedCount: UNBOUNDED_SEARCH_CHUNK,
        LastEvaluatedKey: item('2026-11-02', 'F'),
      });
    const page = await queryListPage(list, { limit: 2, contains: 'jane', budget: Number.POSITIVE_INFINITY });
    expect(page.items.map((i) => i.SK)).toEqual(['SUB#C', 'SUB#D']);
    const { searchText: _text, ...keyOfD } = item('2026-11-04', 'D');
    expect(page.nextCursor).toBe(encodeCursor(keyOfD));
    const queries = dynamo.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(queries).toHaveLength(3);
    expect(queries.every((q) => q.Limit === UNBOUNDED_SEARCH_CHUNK)).toBe(true);
    expect(queries[0]).toMatchObject({
      FilterExpression: 'contains(searchText, :q)',
      ExpressionAttributeValues: { ':list': 'SUBS#2026', ':prefix': '2026-11', ':q': 'jane' },
    });
  });

  it('answers an empty page only with no cursor: the month ended', async () => {
    dynamo
      .on(QueryCommand)
      .resolvesOnce({ Items: [], ScannedCount: 500, LastEvaluatedKey: item('2026-11-20', 'A') })
      .resolvesOnce({ Items: [], ScannedCount: 120 });
    const page = await queryListPage(list, { limit: 5, contains: 'nobody', budget: Number.POSITIVE_INFINITY });
    expect(page).toEqual({ items: [], nextCursor: null, budgetSpent: false });
  });

  it('refuses a cursor of another month of the same year, or of another year', async () => {
    const october = encodeCursor(item('2026-10-05', 'X')) ?? undefined;
    await expect(queryListPage(list, { limit: 5, cursor: october, budget: 5 })).rejects.toThrow(/cursor is invalid/);
    const lastYear = encodeCursor(item('2025-11-05', 'Y')) ?? undefined;
    await expect(queryListPage(list, { limit: 5, cursor: lastYear, budget: 5 })).rejects.toThrow(/cursor is invalid/);
  });
});

describe('dynamoSubscriptionHistoryStore', () => {
  it('lists the year partition of GSI1 (the whole year without a month)', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [toSubscriptionItem(subscription())] });
    const page = await dynamoSubscriptionHistoryStore.listHistory({ year: 2026 }, { limit: 50 });
    expect(page.items[0]?._id).toBe(subscription()._id);
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :list',
      ExpressionAttributeValues: { ':list': 'SUBS#2026' },
    });
  });

  it('adds up the month aggregates in one BatchGetItem, ignoring counters the summary does not show', async () => {
    dynamo.on(BatchGetCommand).callsFake((input: { RequestItems: Record<string, unknown> }) => ({
      Responses: {
        [Object.keys(input.RequestItems)[0] ?? TABLE]: [
          { PK: 'STATS#SUBSCRIPTIONS', SK: 'MONTH#2026-01', total: 2, proPackages: 2, pending: 1, active: 1 },
          { PK: 'STATS#SUBSCRIPTIONS', SK: 'MONTH#2026-03', total: 1, freeTrials: 1, expired: 1, rejected: 4 },
          { PK: 'STATS#SUBSCRIPTIONS', SK: 'MONTH#2026-04', refunded: 1 },
        ],
      },
    }));
    expect(await dynamoSubscriptionHistoryStore.summaryOf(summaryMonths({ year: 2026 }))).toEqual({
      total: 3,
      freeTrials: 1,
      basicPackages: 0,
      proPackages: 2,
      ultimatePackages: 0,
      active: 1,
      pending: 1,
      expired: 1,
      refunded: 1,
    });
    const calls = dynamo.commandCalls(BatchGetCommand);
    expect(calls).toHaveLength(1);
    expect(Object.values(calls[0]?.args[0].input.RequestItems ?? {})[0]?.Keys).toHaveLength(12);
  });
});

describe('payment-subscription-history handler', () => {
  const call = async (claims: Record<string, string>, query?: Record<string, string>) => {
    const { handler } = (await import('../../src/handlers/payment-subscription-history.js')) as {
      handler: HttpHandler;
    };
    return invoke(handler, httpEvent({ routeId: 'payment-subscription-history', claims, query }));
  };

  it('answers {success, subscriptions, nextCursor, summary} with one Query and one BatchGetItem', async () => {
    dynamo.on(QueryCommand).resolves({ Items: [toSubscriptionItem(subscription())] });
    // A package name: the window of the newest rows, one Query.
    const res = await call(CALLERS.admin, { year: '2026', month: '10', search: 'pro' });
    expect(res.statusCode, res.rawBody).toBe(200);
    const body = subscriptionHistoryResponseSchema.parse(res.body);
    expect(body.subscriptions).toHaveLength(1);
    expect(body.search).toEqual({ matched: 'inside', limitedTo: null });
    expect(JSON.stringify(res.body)).not.toMatch(/"PK"|GSI|searchText/);
    expect(
      storeCalls(dynamo)
        .map((c) => c.name)
        .sort(),
    ).toEqual(['BatchGetCommand', 'QueryCommand']);
  });

  it('refuses a bad month, a forged cursor and a non-admin caller', async () => {
    expect((await call(CALLERS.admin, { month: '-1' })).statusCode).toBe(400);
    expect((await call(CALLERS.admin, { cursor: 'bm90LWpzb24' })).statusCode).toBe(400);
    expect((await call(CALLERS.user)).statusCode).toBe(403);
  });
});
