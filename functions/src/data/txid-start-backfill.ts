import {
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DynamoDBDocumentClient,
} from '@aws-sdk/lib-dynamodb';
import { normalizeTxid } from '../domain/records/payment-record.js';
import { PAYMENTS_LIST, txidStartKeys } from './payment-entity.js';

/**
 * The one-off backfill of the TXID-start keys (docs/data-model.md, "Uniqueness markers" and "Payments and referral ledger"). A TXID marker has
 * carried `GSI2PK = TXIDS#<first 2 chars>` / `GSI2SK = <txid>` since the admin search by the start
 * of a TXID; markers written before lack them, and that search cannot find their payments. Every
 * payment names its TXID, so the markers to fix are found from the `PAYMENTS` list (one
 * Query of GSI1 page by page, no Scan), and each gets its keys with an UpdateItem conditioned on
 * the marker existing without them: a marker keyed already is left as it is, and a second run
 * changes nothing. A completed run leaves `MIGRATION#txidStartKeys`, so later runs read one item
 * and stop (markers written since carry their keys from the start).
 *
 * Run by the deploy-time seeding (functions/src/triggers/seed-defaults.ts), outside any request.
 */
export const TXID_START_BACKFILL_KEY = { PK: 'MIGRATION#txidStartKeys', SK: 'MIGRATION' } as const;

/** Marker updates in flight at once: quick on a large list, far below any table's write limits. */
const CONCURRENT_UPDATES = 16;

export interface TxidStartBackfill {
  /** True when an earlier run had completed: nothing was read but the completion item. */
  alreadyDone: boolean;
  /** Payments read from the list. */
  payments: number;
  /** Markers that got their keys now. */
  keyed: number;
}

const isConditionFailure = (error: unknown) =>
  (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException';

/** The TXID a payment's marker is keyed by, as the payment reader takes it (payment-entity.ts). */
const markerTxid = (payment: Record<string, unknown>): string | null => {
  if (typeof payment.txidNormalized === 'string' && payment.txidNormalized !== '') return payment.txidNormalized;
  return typeof payment.transactionId === 'string' && payment.transactionId.trim() !== ''
    ? normalizeTxid(payment.transactionId)
    : null;
};

async function keyMarker(client: Pick<DynamoDBDocumentClient, 'send'>, tableName: string, txid: string) {
  const { GSI2PK, GSI2SK } = txidStartKeys(txid);
  try {
    await client.send(
      new UpdateCommand({
        TableName: tableName,
        Key: { PK: `TXID#${txid}`, SK: 'TXID' },
        UpdateExpression: 'SET GSI2PK = :pk, GSI2SK = :sk',
        ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(GSI2PK)',
        ExpressionAttributeValues: { ':pk': GSI2PK, ':sk': GSI2SK },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function backfillTxidStartKeys(
  client: Pick<DynamoDBDocumentClient, 'send'>,
  tableName: string,
  now: Date = new Date(),
): Promise<TxidStartBackfill> {
  const done = await client.send(
    new GetCommand({ TableName: tableName, Key: TXID_START_BACKFILL_KEY, ConsistentRead: true }),
  );
  if (done.Item) return { alreadyDone: true, payments: 0, keyed: 0 };

  let payments = 0;
  let keyed = 0;
  let cursor: Record<string, unknown> | undefined;
  do {
    const page = await client.send(
      new QueryCommand({
        TableName: tableName,
        IndexName: 'GSI1',
        KeyConditionExpression: 'GSI1PK = :list',
        ExpressionAttributeValues: { ':list': PAYMENTS_LIST },
        ProjectionExpression: 'txidNormalized, transactionId',
        ExclusiveStartKey: cursor,
      }),
    );
    const items = page.Items ?? [];
    payments += items.length;
    const txids = [...new Set(items.map(markerTxid).filter((txid): txid is string => txid !== null))];
    for (let at = 0; at < txids.length; at += CONCURRENT_UPDATES) {
      const results = await Promise.all(
        txids.slice(at, at + CONCURRENT_UPDATES).map((txid) => keyMarker(client, tableName, txid)),
      );
      keyed += results.filter(Boolean).length;
    }
    cursor = page.LastEvaluatedKey;
  } while (cursor);

  try {
    await client.send(
      new PutCommand({
        TableName: tableName,
        Item: { ...TXID_START_BACKFILL_KEY, entity: 'Migration', completedAt: now.toISOString(), payments, keyed },
        ConditionExpression: 'attribute_not_exists(PK)',
      }),
    );
  } catch (error) {
    // Another run finished first: the same work, done.
    if (!isConditionFailure(error)) throw error;
  }
  return { alreadyDone: false, payments, keyed };
}
