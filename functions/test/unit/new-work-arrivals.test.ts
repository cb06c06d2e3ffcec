import { DeleteCommand, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  listMessagesArrived,
  listPaymentsArrived,
  listRefundsArrived,
  listWithdrawalsArrived,
} from '../../src/data/new-work-arrivals.js';
import { useMockedDynamo } from '../helpers/dynamo-outcomes.js';

/**
 * The new-work mail's arrivals of a window: the key-range queries.
 */
const dynamo = useMockedDynamo();
beforeEach(() => {
  dynamo.on(PutCommand).resolves({});
  dynamo.on(DeleteCommand).resolves({});
  dynamo.on(QueryCommand).resolves({ Items: [] });
});

const WINDOW = { since: '2026-11-23T09:44:30.000Z', until: '2026-11-23T09:59:30.000Z' };
/** A pending row of ann's that arrived at 09:50, inside the window. */
const annsAt0950 = (_id: string, fields: Record<string, unknown>) => ({
  _id,
  createdAt: '2026-11-23T09:50:00.000Z',
  username: 'ann',
  email: 'ann@example.com',
  ...fields,
});

describe('the arrivals of a window', () => {
  it('reads pending payments of the window as one key range of GSI2, oldest first, every page, listing up to the limit', async () => {
    const item = (n: number) => ({
      _id: `p${n}`,
      createdAt: `2026-11-23T09:5${n}:00.000Z`,
      username: 'trader42',
      email: 't@example.com',
      packageName: 'Basic Package',
      amount: 60,
      ...(n === 1 ? { orderAmount: 60.37 } : {}),
    });
    dynamo
      .on(QueryCommand)
      .resolvesOnce({ Items: [item(1), item(2)], LastEvaluatedKey: { PK: 'x', SK: 'x' } })
      .resolvesOnce({ Items: [item(3)] });
    const arrivals = await listPaymentsArrived(WINDOW, 2);
    expect(arrivals).toEqual({
      total: 3,
      items: [
        {
          id: 'p1',
          at: '2026-11-23T09:51:00.000Z',
          who: 'trader42 <t@example.com>',
          what: 'Basic Package, 60.37 USDT',
        },
        {
          id: 'p2',
          at: '2026-11-23T09:52:00.000Z',
          who: 'trader42 <t@example.com>',
          what: 'Basic Package, 60.00 USDT',
        },
      ],
    });
    const [first, second] = dynamo.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(first).toMatchObject({
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :list AND GSI2SK BETWEEN :from AND :to',
      ExpressionAttributeValues: {
        ':list': 'PAYMENTS#pending',
        // After every key of the instant `since` (the window before had it), up to every key of `until`.
        ':from': `${WINDOW.since}#\uffff`,
        ':to': `${WINDOW.until}#\uffff`,
      },
    });
    expect(first?.ScanIndexForward).toBeUndefined();
    expect(first?.FilterExpression).toBeUndefined();
    expect(second?.ExclusiveStartKey).toEqual({ PK: 'x', SK: 'x' });
  });

  it('reads pending withdrawals and contact messages from their own lists', async () => {
    dynamo.on(QueryCommand).resolves({
      Items: [annsAt0950('w1', { amount: 20, trc20Address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' })],
    });
    expect((await listWithdrawalsArrived(WINDOW, 10)).items[0]).toEqual({
      id: 'w1',
      at: '2026-11-23T09:50:00.000Z',
      who: 'ann <ann@example.com>',
      what: '20.00 USDT to TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    });
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input.ExpressionAttributeValues?.[':list']).toBe(
      'WITHDRAWALS#pending',
    );

    dynamo.reset();
    dynamo.on(QueryCommand).resolves({
      Items: [
        {
          _id: 'c1',
          createdAt: '2026-11-23T09:50:00.000Z',
          name: 'Bo',
          email: 'bo@example.com',
          message: `Hello\n\nthere ${'x'.repeat(100)}`,
        },
      ],
    });
    const [message] = (await listMessagesArrived(WINDOW, 10)).items;
    expect(message?.who).toBe('Bo <bo@example.com>');
    // One line, cut to 80 characters with an ellipsis.
    expect(message?.what).toMatch(/^Hello there x+…$/);
    expect(message?.what).toHaveLength(80);
    const query = dynamo.commandCalls(QueryCommand)[0]?.args[0].input;
    expect(query).toMatchObject({ IndexName: 'GSI1', ExpressionAttributeValues: { ':list': 'CONTACTS' } });
    // `name` is a reserved word: every projected attribute goes through a name placeholder.
    expect(Object.values(query?.ExpressionAttributeNames ?? {})).toContain('name');
  });

  it('reads pending refund requests from GSI2 REFUNDS#pending, saying which an admin opened', async () => {
    dynamo.on(QueryCommand).resolves({
      Items: [
        annsAt0950('r1', { packageName: 'Basic Package', amount: 60, amountPaid: 60.37, origin: 'customer' }),
        {
          _id: 'r2',
          createdAt: '2026-11-23T09:55:00.000Z',
          username: 'bo',
          email: 'bo@example.com',
          packageName: 'Pro Package',
          amount: 250,
          origin: 'admin',
        },
      ],
    });
    expect(await listRefundsArrived(WINDOW, 10)).toEqual({
      items: [
        { id: 'r1', at: '2026-11-23T09:50:00.000Z', who: 'ann <ann@example.com>', what: 'Basic Package, 60.37 USDT' },
        {
          id: 'r2',
          at: '2026-11-23T09:55:00.000Z',
          who: 'bo <bo@example.com>',
          what: 'Pro Package, 250.00 USDT, opened by an admin',
        },
      ],
      total: 2,
    });
    expect(dynamo.commandCalls(QueryCommand)[0]?.args[0].input).toMatchObject({
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :list AND GSI2SK BETWEEN :from AND :to',
      ExpressionAttributeValues: { ':list': 'REFUNDS#pending' },
    });
  });
});
