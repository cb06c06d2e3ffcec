import { PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES, contactAddResponseSchema } from '@goldbot/shared';
import { handler as contactAdd } from '../../src/handlers/contact-add.js';
import {
  CALLERS,
  httpEvent,
  invoke,
  isRateCounterTransaction,
  storeCalls,
  storeTransactions,
} from '../helpers/lambda.js';
import { dynamo, TABLE, NOW, cancelled } from '../helpers/contact-routes.js';

/**
 * The contact form's route in process, over a mocked table (helpers/contact-routes.ts).
 */
describe('contact-add', () => {
  const body = { name: '  Jane Doe ', email: ' Jane.Doe@Example.COM ', message: ' I would like to know more. ' };

  it('writes the message unread, total and unread +1 and its half hour +1 in one transaction and answers 201 with the stored message', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    const res = await invoke(contactAdd, httpEvent({ routeId: 'contact-add', body }));

    expect(res.statusCode).toBe(201);
    const answer = contactAddResponseSchema.parse(res.body);
    expect(answer.message).toBe(CONTACT_MESSAGES.sendSucceeded);
    const id = answer.data._id;
    expect(id).toMatch(/^[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(answer.data).toEqual({
      _id: id,
      name: 'Jane Doe',
      email: 'jane.doe@example.com',
      message: 'I would like to know more.',
      createdAt: NOW.toISOString(),
      read: false,
    });
    const { read: _read, ...fields } = answer.data;

    // Besides the per-IP request counters, the one transaction.
    expect(storeCalls(dynamo)).toHaveLength(1);
    expect(storeTransactions(dynamo)[0]?.args[0].input.TransactItems).toEqual([
      {
        Put: {
          TableName: TABLE,
          Item: {
            PK: `CONTACT#${id}`,
            SK: `CONTACT#${id}`,
            GSI1PK: 'CONTACTS',
            GSI1SK: `${NOW.toISOString()}#${id}`,
            // In the unread index until an admin reads it.
            GSI2PK: 'CONTACTS#UNREAD',
            GSI2SK: `${NOW.toISOString()}#${id}`,
            entity: 'ContactMessage',
            ...fields,
            searchText: 'jane doe\njane.doe@example.com\ni would like to know more.',
            counted: true,
          },
          ConditionExpression: 'attribute_not_exists(PK)',
        },
      },
      {
        Update: {
          TableName: TABLE,
          Key: { PK: 'STATS#CONTACTS', SK: 'TOTAL' },
          UpdateExpression: 'ADD #c0 :c0, #c1 :c1',
          ExpressionAttributeNames: { '#c0': 'total', '#c1': 'unread' },
          ExpressionAttributeValues: { ':c0': 1, ':c1': 1 },
        },
      },
      {
        Update: {
          TableName: TABLE,
          Key: { PK: 'STATS#CONTACTS', SK: 'HALFHOUR#2026-03-04T05:00' },
          UpdateExpression: 'ADD #c0 :c0',
          ExpressionAttributeNames: { '#c0': 'count' },
          ExpressionAttributeValues: { ':c0': 1 },
        },
      },
    ]);
    expect(dynamo.commandCalls(PutCommand)).toHaveLength(0);
  });

  it('tries again when the counter was busy (TransactionConflict), and only then', async () => {
    let conflicted = false;
    dynamo.on(TransactWriteCommand).callsFake((input: unknown) => {
      if (isRateCounterTransaction(input) || conflicted) return {};
      conflicted = true;
      throw cancelled({ Code: 'None' }, { Code: 'TransactionConflict' });
    });
    const res = await invoke(contactAdd, httpEvent({ routeId: 'contact-add', body }));
    expect(res.statusCode).toBe(201);
    expect(storeTransactions(dynamo)).toHaveLength(2);
  });

  it('answers anonymous callers and signed-in callers alike', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    const res = await invoke(contactAdd, httpEvent({ routeId: 'contact-add', body, claims: CALLERS.user }));
    expect(res.statusCode).toBe(201);
  });

  it('gives every message its own id', async () => {
    dynamo.on(TransactWriteCommand).resolves({});
    const a = await invoke(contactAdd, httpEvent({ routeId: 'contact-add', body }));
    const b = await invoke(contactAdd, httpEvent({ routeId: 'contact-add', body }));
    expect((a.body.data as { _id: string })._id).not.toBe((b.body.data as { _id: string })._id);
  });

  it('answers 400 without writing for an invalid message', async () => {
    const res = await invoke(
      contactAdd,
      httpEvent({ routeId: 'contact-add', body: { ...body, email: 'jane-at-example' } }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.body.errors).toEqual({ email: 'Please enter a valid email' });
    expect(storeCalls(dynamo)).toHaveLength(0);
  });

  it('answers 500 without internals when the write fails', async () => {
    dynamo.on(TransactWriteCommand).rejects(new Error('Requested resource not found: Table: test-table not found'));
    const res = await invoke(contactAdd, httpEvent({ routeId: 'contact-add', body }));
    expect(res.statusCode).toBe(500);
    expect(res.rawBody).not.toContain('test-table');
  });
});
