import { formatUsdt } from '@goldbot/shared';
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import type { ArrivalsReader, ArrivedWork, ArrivalWindow, Arrivals } from '../domain/admin/waiting-work.js';
import type { Key } from './cursor.js';
import { CONTACT_LIST_PARTITION } from './contact-message-entity.js';
import { paymentStatusList } from './payment-entity.js';
import { refundStatusList } from './refund-entity.js';
import type { Item } from './table-reads.js';
import { withdrawalStatusList } from './withdrawal-entity.js';

/**
 * What arrived in a window and still waits, per kind, for the new-work mail (docs/data-model.md,
 * "New-work mail"). Each kind's list is already a time-ordered index partition whose sort key is
 * `<createdAt>#<id>`: pending payments (GSI2 `PAYMENTS#pending`), pending withdrawals (GSI2
 * `WITHDRAWALS#pending`), refund requests (GSI2 `REFUNDS#pending`) and contact messages (GSI1
 * `CONTACTS`). A window is one key range of
 * that partition, read oldest first, so its cost is the number of arrivals it holds (no Scan,
 * no filter), whatever the history's size. Refund requests waiting for a decision are GSI2
 * `REFUNDS#pending`, keyed the same way.
 */

/** After every `<createdAt>#<id>` sort key of instant `at` (ids are ULIDs: ASCII, below U+FFFF). */
const afterInstant = (at: string) => `${at}#\uffff`;

/** The fields every kind's line is built from, besides its own (`name` is the person's name attribute). */
const COMMON_ATTRIBUTES = ['_id', 'createdAt', 'email'] as const;

interface TimeList {
  index: 'GSI1' | 'GSI2';
  partition: string;
  /** The attribute holding the person's name: `username` on money items, `name` on contact messages. */
  name: 'username' | 'name';
  /** The other attributes the mail's line needs (the index projects whole items). */
  attributes: readonly string[];
  /** What arrived, on one line. */
  what: (item: Item) => string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const usdt = (value: unknown) => formatUsdt(Number(value ?? 0));
/** A name and address as one mail line shows them: `trader42 <t@example.com>`. */
const person = (name: unknown, email: unknown) => (text(email) ? `${text(name)} <${text(email)}>` : text(name));
/** The start of a message on one line. */
const MESSAGE_PREVIEW_CHARS = 80;
const preview = (message: unknown) => {
  const line = text(message).replace(/\s+/g, ' ').trim();
  return line.length > MESSAGE_PREVIEW_CHARS ? `${line.slice(0, MESSAGE_PREVIEW_CHARS - 1)}…` : line;
};

/** The reader of one kind: the window's arrivals, oldest first, the first `limit` of them as mail lines. */
const arrivalsOn =
  (list: TimeList): ArrivalsReader =>
  async (window: ArrivalWindow, limit: number): Promise<Arrivals> => {
    const pk = `${list.index}PK`;
    const sk = `${list.index}SK`;
    const attributes = [...COMMON_ATTRIBUTES, list.name, ...list.attributes];
    const names = Object.fromEntries(attributes.map((name, index) => [`#a${index}`, name]));
    const toArrival = (item: Item): ArrivedWork => ({
      id: text(item._id),
      // Withdrawals fall back on their requestDate; the other kinds do not project one.
      at: text(item.createdAt) || text(item.requestDate),
      who: person(item[list.name], item.email),
      what: list.what(item),
    });
    const items: ArrivedWork[] = [];
    let total = 0;
    let startKey: Key | undefined;
    do {
      const result = await documentClient.send(
        new QueryCommand({
          TableName: tableName,
          IndexName: list.index,
          // (since, until]: an item of the instant `since` was in the window before.
          KeyConditionExpression: `${pk} = :list AND ${sk} BETWEEN :from AND :to`,
          ExpressionAttributeValues: {
            ':list': list.partition,
            ':from': afterInstant(window.since),
            ':to': afterInstant(window.until),
          },
          ProjectionExpression: Object.keys(names).join(', '),
          ExpressionAttributeNames: names,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of result?.Items ?? []) {
        total += 1;
        if (items.length < limit) items.push(toArrival(item));
      }
      startKey = result?.LastEvaluatedKey as Key | undefined;
    } while (startKey);
    return { items, total };
  };

/** Payments submitted in the window and still pending: who, the package and the exact amount sent. */
export const listPaymentsArrived = arrivalsOn({
  index: 'GSI2',
  partition: paymentStatusList('pending'),
  name: 'username',
  attributes: ['packageName', 'amount', 'orderAmount'],
  what: (item) => `${text(item.packageName)}, ${usdt(item.orderAmount ?? item.amount)}`,
});

/** Withdrawal requests made in the window and still pending: who, the amount and the address to pay. */
export const listWithdrawalsArrived = arrivalsOn({
  index: 'GSI2',
  partition: withdrawalStatusList('pending'),
  name: 'username',
  attributes: ['requestDate', 'amount', 'trc20Address'],
  what: (item) => `${usdt(item.amount)} to ${text(item.trc20Address)}`,
});

/** Contact messages received in the window and not deleted: who, and how the message starts. */
export const listMessagesArrived = arrivalsOn({
  index: 'GSI1',
  partition: CONTACT_LIST_PARTITION,
  name: 'name',
  attributes: ['message'],
  what: (item) => preview(item.message),
});

/**
 * Refund requests made in the window and still pending: who, the package and what it refunds, and
 * who opened it (a customer from Billing History, or an admin under the monthly guarantee).
 */
export const listRefundsArrived = arrivalsOn({
  index: 'GSI2',
  partition: refundStatusList('pending'),
  name: 'username',
  attributes: ['packageName', 'amountPaid', 'amount', 'origin'],
  what: (item) =>
    `${text(item.packageName)}, ${usdt(item.amountPaid ?? item.amount)}${item.origin === 'admin' ? ', opened by an admin' : ''}`,
});
