import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import { cancellationCodes, type Item } from './table-reads.js';

/**
 * Builders of TransactWriteItems entries that the money stores share (payments, withdrawals):
 * conditional updates, create-only puts and aggregate counters; and the settings stores' commit
 * guarded by what was read.
 */
export type TransactItems = NonNullable<ConstructorParameters<typeof TransactWriteCommand>[0]['TransactItems']>;
export type TransactItem = TransactItems[number];

export const updateItem = (
  Key: Record<string, string>,
  UpdateExpression: string,
  values: Record<string, unknown>,
  extra: { names?: Record<string, string>; condition?: string; returnOld?: boolean } = {},
): TransactItem => ({
  Update: {
    TableName: tableName,
    Key,
    UpdateExpression,
    ...(extra.condition ? { ConditionExpression: extra.condition } : {}),
    ...(extra.names ? { ExpressionAttributeNames: extra.names } : {}),
    ExpressionAttributeValues: values,
    ...(extra.returnOld ? { ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const } : {}),
  },
});

/** A Put that only creates; `returnOld` hands back the existing item when it fails. */
export const putNew = (item: Item, returnOld = false): TransactItem => ({
  Put: {
    TableName: tableName,
    Item: item,
    ConditionExpression: 'attribute_not_exists(PK)',
    ...(returnOld ? { ReturnValuesOnConditionCheckFailure: 'ALL_OLD' as const } : {}),
  },
});

/**
 * `ADD` of counters, every attribute name aliased (counter names such as `total` or `pending` may be
 * reserved words, and aliasing keeps it safe whatever the next counter is called).
 */
export function addCounters(
  Key: Record<string, string>,
  counters: Record<string, number>,
  extra: {
    set?: Record<string, unknown>;
    condition?: string;
    /** Values the condition names (`:x`), besides the counters' own. */
    conditionValues?: Record<string, unknown>;
  } = {},
): TransactItem {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ...extra.conditionValues };
  const adds = Object.entries(counters).map(([name, amount], i) => {
    names[`#c${i}`] = name;
    values[`:c${i}`] = amount;
    return `#c${i} :c${i}`;
  });
  const sets = Object.entries(extra.set ?? {}).map(([name, value], i) => {
    names[`#s${i}`] = name;
    values[`:s${i}`] = value;
    return `#s${i} = :s${i}`;
  });
  const expression = `ADD ${adds.join(', ')}${sets.length > 0 ? ` SET ${sets.join(', ')}` : ''}`;
  return updateItem(Key, expression, values, { names, condition: extra.condition });
}

/**
 * One TransactWriteItems whose conditions say nothing moved since the read: 'changed' when a condition
 * failed or a transaction racing on the same items won (the caller reads again), any other error thrown.
 */
export const transactUnlessChanged = (items: TransactItems): Promise<'committed' | 'changed'> =>
  transactOr(items, 'committed' as const, (error) => {
    const codes = cancellationCodes(error);
    if (codes.some((code) => code === 'ConditionalCheckFailed' || code === 'TransactionConflict')) return 'changed';
    throw error;
  });

/**
 * One TransactWriteItems: `committed` when it went through, else what `refusedAs` makes of the
 * error (the store's reading of the cancellation reasons; it throws what it does not recognise).
 */
export async function transactOr<C, R>(
  items: TransactItems,
  committed: C,
  refusedAs: (error: unknown) => R,
): Promise<C | R> {
  try {
    await documentClient.send(new TransactWriteCommand({ TransactItems: items }));
    return committed;
  } catch (error) {
    return refusedAs(error);
  }
}
