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

interface TimeList {
  index: 'GSI1' | 'GSI2';
  partition: string;
  /** The attributes the mail's lines need (the index projects whole items). */
  attributes: readonly string[];
  toArrival: (item: Item) => ArrivedWork;
}

async function arrivalsOn(list: TimeList, window: ArrivalWindow, limit: number): Promise<Arrivals> {
  const pk = `${list.index}PK`;
  const sk = `${list.index}SK`;
  const names = Object.fromEntries(list.attributes.map((name, index) => [`#a${index}`, name]));
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
      if (items.length < limit) items.push(list.toArrival(item));
    }
    startKey = result?.LastEvaluatedKey as Key | undefined;
  } while (startKey);
  return { items, total };
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

/** Payments submitted in the window and still pending: who, the package and the exact amount sent. */
export const listPaymentsArrived: ArrivalsReader = (window, limit) =>
  arrivalsOn(
    {
      index: 'GSI2',
      partition: paymentStatusList('pending'),
      attributes: ['_id', 'createdAt', 'username', 'email', 'packageName', 'amount', 'orderAmount'],
      toArrival: (item) => ({
        id: text(item._id),
        at: text(item.createdAt),
        who: person(item.username, item.email),
        what: `${text(item.packageName)}, ${usdt(item.orderAmount ?? item.amount)}`,
      }),
    },
    window,
    limit,
  );

/** Withdrawal requests made in the window and still pending: who, the amount and the address to pay. */
export const listWithdrawalsArrived: ArrivalsReader = (window, limit) =>
  arrivalsOn(
    {
      index: 'GSI2',
      partition: withdrawalStatusList('pending'),
      attributes: ['_id', 'createdAt', 'requestDate', 'username', 'email', 'amount', 'trc20Address'],
      toArrival: (item) => ({
        id: text(item._id),
        at: text(item.createdAt) || text(item.requestDate),
        who: person(item.username, item.email),
        what: `${usdt(item.amount)} to ${text(item.trc20Address)}`,
      }),
    },
    window,
    limit,
  );

/** Contact messages received in the window and not deleted: who, and how the message starts. */
export const listMessagesArrived: ArrivalsReader = (window, limit) =>
  arrivalsOn(
    {
      index: 'GSI1',
      partition: CONTACT_LIST_PARTITION,
      attributes: ['_id', 'createdAt', 'name', 'email', 'message'],
      toArrival: (item) => ({
        id: text(item._id),
        at: text(item.createdAt),
        who: person(item.name, item.email),
        what: preview(item.message),
      }),
    },
    window,
    limit,
  );

/**
 * Refund requests made in the window and still pending: who, the package and what it refunds, and
 * who opened it (a customer from Billing History, or an admin under the monthly guarantee).
 */
export const listRefundsArrived: ArrivalsReader = (window, limit) =>
  arrivalsOn(
    {
      index: 'GSI2',
      partition: refundStatusList('pending'),
      attributes: ['_id', 'createdAt', 'username', 'email', 'packageName', 'amountPaid', 'amount', 'origin'],
      toArrival: (item) => ({
        id: text(item._id),
        at: text(item.createdAt),
        who: person(item.username, item.email),
        what: `${text(item.packageName)}, ${usdt(item.amountPaid ?? item.amount)}${item.origin === 'admin' ? ', opened by an admin' : ''}`,
      }),
    },
    window,
    limit,
  );
