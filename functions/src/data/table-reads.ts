import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import {
  BatchGetCommand,
  DeleteCommand,
  GetCommand,
  PutCommand,
  QueryCommand,
  UpdateCommand,
  type DeleteCommandInput,
  type PutCommandInput,
  type QueryCommandInput,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { documentClient, tableName } from '../adapters/dynamodb.js';
import { decodeCursor, encodeCursor, invalidCursorError, type Key } from './cursor.js';
import { backoffMs, retry } from '../lib/retry.js';

/**
 * Reads and transaction outcomes that several stores share: batched gets with retries of
 * unprocessed keys, the newest-first admin list page with its bounded search filter
 * (docs/data-model.md, "Lists and pagination" and "Search, stated honestly"), every page of a bounded prefix, the single
 * read by key, the conditional writes that may be refused, and the cancellation reasons of a TransactWriteItems.
 */
export type Item = Record<string, unknown>;

/** One GetItem by key (strongly consistent when `consistent`); undefined when there is no such item. */
export async function getItem(key: Key, consistent = false): Promise<Item | undefined> {
  const result = await documentClient.send(
    new GetCommand({ TableName: tableName, Key: key, ConsistentRead: consistent }),
  );
  return result?.Item;
}

/** BatchGetItem takes at most 100 keys per request. */
const BATCH_GET_LIMIT = 100;
/** Attempts of a batch whose keys come back unprocessed (throttling). */
const BATCH_GET_ATTEMPTS = 5;

/** Reads `keys` in BatchGetItems of at most 100; unprocessed keys are read again, and only those. */
export async function batchGetItems(keys: readonly Key[], consistent = true): Promise<Item[]> {
  const found: Item[] = [];
  for (let i = 0; i < keys.length; i += BATCH_GET_LIMIT) {
    let pending: Record<string, unknown>[] = keys.slice(i, i + BATCH_GET_LIMIT);
    // Each try reads only the keys the last one left unprocessed.
    const left = await retry(
      async () => {
        const result = await documentClient.send(
          new BatchGetCommand({ RequestItems: { [tableName]: { Keys: pending, ConsistentRead: consistent } } }),
        );
        found.push(...(result?.Responses?.[tableName] ?? []));
        pending = result?.UnprocessedKeys?.[tableName]?.Keys ?? [];
        return pending.length;
      },
      {
        tries: BATCH_GET_ATTEMPTS,
        retryOn: () => false,
        retryResult: (unprocessed) => unprocessed > 0,
        delayMs: (attempt) => backoffMs(attempt, { baseMs: 40 }),
      },
    );
    if (left > 0) throw new Error('BatchGetItem left keys unprocessed after retries');
  }
  return found;
}

/** One list partition of a GSI, read newest first (or in key order). */
export interface IndexList {
  index: string;
  pk: string;
  sk: string;
  value: string;
  /**
   * Only the index keys that start with this (`begins_with(sk, :prefix)`): one month of a year
   * partition, or the usernames or e-mails that start with a search term.
   */
  skPrefix?: string;
  /** Read in ascending key order (a prefix index: alphabetical) instead of newest first. */
  ascending?: boolean;
}

/** A filter on the items besides `contains`, e.g. `attribute_exists(GSI1PK)`. */
export interface ItemFilter {
  expression: string;
  values?: Record<string, unknown>;
}

export interface ListPageRequest {
  limit: number;
  cursor?: string;
  /** A lower-cased substring of the items' `searchText`: the bounded page filter. */
  contains?: string;
  /** Only items that pass this filter; like `contains`, the page reads on until it is full. */
  where?: ItemFilter;
  /**
   * At most this many items are evaluated by a search. `Infinity` reads on until the page is full
   * or the list ends (a time-bucketed partition, whose size the bucket bounds), in chunks of
   * UNBOUNDED_SEARCH_CHUNK items.
   */
  budget: number;
}

/** Items evaluated per Query of a search without a budget. */
export const UNBOUNDED_SEARCH_CHUNK = 500;

/** The start key of an index page that resumes right after `item`. */
const startKeyAfter = (item: Item, pk: string, sk: string): Key => ({
  PK: String(item.PK),
  SK: String(item.SK),
  [pk]: String(item[pk]),
  [sk]: String(item[sk]),
});

export interface ListPage {
  items: Item[];
  nextCursor: string | null;
  /** A filtered page stopped because its budget was spent, not because it was full or the list ended. */
  budgetSpent: boolean;
}

/**
 * One page of a list, newest first. With `contains` or `where`, the filtered page (docs/data-model.md, "Search, stated honestly"):
 * it reads on until the page is full, the budget is spent or the list ends, and the cursor resumes
 * right after the last row answered. Cursors are checked against the list's partition.
 */
export async function queryListPage(
  list: IndexList,
  { limit, cursor, contains, where, budget }: ListPageRequest,
): Promise<ListPage> {
  const { index, pk, sk, value, skPrefix, ascending = false } = list;
  let startKey = decodeCursor(cursor, { [pk]: value }, ['PK', 'SK', pk, sk]);
  // A cursor of another month of the same partition is refused like a cursor of another list.
  if (startKey && skPrefix !== undefined && !String(startKey[sk]).startsWith(skPrefix)) throw invalidCursorError();
  const base = {
    TableName: tableName,
    IndexName: index,
    KeyConditionExpression: skPrefix === undefined ? `${pk} = :list` : `${pk} = :list AND begins_with(${sk}, :prefix)`,
    ScanIndexForward: ascending,
  };
  const keyValues = { ':list': value, ...(skPrefix === undefined ? {} : { ':prefix': skPrefix }) };
  if (contains === undefined && where === undefined) {
    const result = await documentClient.send(
      new QueryCommand({
        ...base,
        ExpressionAttributeValues: keyValues,
        Limit: limit,
        ExclusiveStartKey: startKey,
      }),
    );
    return {
      items: result.Items ?? [],
      nextCursor: encodeCursor(result.LastEvaluatedKey as Key | undefined),
      budgetSpent: false,
    };
  }
  const filters = [
    ...(contains === undefined ? [] : ['contains(searchText, :q)']),
    ...(where ? [where.expression] : []),
  ];
  const filterValues = { ...(contains === undefined ? {} : { ':q': contains }), ...where?.values };
  const matches: Item[] = [];
  let evaluated = 0;
  const chunk = () => (Number.isFinite(budget) ? budget - evaluated : UNBOUNDED_SEARCH_CHUNK);
  do {
    const result = await documentClient.send(
      new QueryCommand({
        ...base,
        FilterExpression: filters.join(' AND '),
        ExpressionAttributeValues: { ...keyValues, ...filterValues },
        Limit: chunk(),
        ExclusiveStartKey: startKey,
      }),
    );
    evaluated += result.ScannedCount ?? chunk();
    matches.push(...(result.Items ?? []));
    startKey = result.LastEvaluatedKey as Key | undefined;
  } while (startKey && matches.length < limit && evaluated < budget);
  if (matches.length > limit) {
    const page = matches.slice(0, limit);
    const last = page[page.length - 1] as Item;
    return { items: page, nextCursor: encodeCursor(startKeyAfter(last, pk, sk)), budgetSpent: false };
  }
  return {
    items: matches,
    nextCursor: encodeCursor(startKey),
    budgetSpent: startKey !== undefined && matches.length < limit,
  };
}

/** One Query of the table (one page): the stores' input, on the table. */
export const queryTable = (input: Omit<QueryCommandInput, 'TableName'>) =>
  documentClient.send(new QueryCommand({ TableName: tableName, ...input }));

/**
 * The pages of one Query, in order, until the last one (or until the caller stops reading): the
 * stores' one pagination loop, for partitions bounded by design or read within a budget.
 */
export async function* queryPages(
  input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>,
): AsyncGenerator<Item[], void, undefined> {
  let startKey: Record<string, unknown> | undefined;
  do {
    const result = await documentClient.send(
      new QueryCommand({ TableName: tableName, ...input, ExclusiveStartKey: startKey }),
    );
    yield result?.Items ?? [];
    startKey = result?.LastEvaluatedKey;
  } while (startKey);
}

/** Every item of a Query, page after page. */
export async function queryAll(input: Omit<QueryCommandInput, 'TableName' | 'ExclusiveStartKey'>): Promise<Item[]> {
  const items: Item[] = [];
  for await (const page of queryPages(input)) items.push(...page);
  return items;
}

/**
 * Every item of partition `pk` whose SK starts with `skPrefix`, page after page, in SK order (or
 * newest first): for partitions bounded by design (one user's rows, the templates, the aggregates).
 */
export const queryAllWithPrefix = (
  pk: string,
  skPrefix: string,
  { consistent = false, newestFirst = false }: { consistent?: boolean; newestFirst?: boolean } = {},
): Promise<Item[]> =>
  queryAll({
    KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
    ExpressionAttributeValues: { ':pk': pk, ':prefix': skPrefix },
    ...(consistent ? { ConsistentRead: true } : {}),
    ...(newestFirst ? { ScanIndexForward: false } : {}),
  });

/** A single conditional write (Put, Update, Delete) refused because its condition did not hold. */
export const isConditionFailure = (error: unknown) =>
  (error as { name?: string } | null)?.name === 'ConditionalCheckFailedException';

type ConditionalWrite = { Put: PutCommandInput } | { Delete: DeleteCommandInput } | { Update: UpdateCommandInput };

type WriteOutcome =
  | { outcome: 'written' }
  /** The write's condition failed; `item`: what it found, when the write asked for it (ALL_OLD). */
  | { outcome: 'condition-failed'; item?: Record<string, unknown> };

/** One conditional write; a failed condition is an outcome, any other failure is thrown as it came. */
export async function writeIf(write: ConditionalWrite): Promise<WriteOutcome> {
  try {
    if ('Put' in write) await documentClient.send(new PutCommand(write.Put));
    else if ('Delete' in write) await documentClient.send(new DeleteCommand(write.Delete));
    else await documentClient.send(new UpdateCommand(write.Update));
    return { outcome: 'written' };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return { outcome: 'condition-failed', item: (error as { Item?: Record<string, unknown> }).Item };
  }
}

/** writeIf for a write that is simply refused when its condition fails: true once written. */
export async function writtenIf(write: ConditionalWrite): Promise<boolean> {
  return (await writeIf(write)).outcome === 'written';
}

/** One conditional UpdateItem on the table: true when written, false when its condition did not hold. */
export const updateIf = (update: Omit<UpdateCommandInput, 'TableName'>): Promise<boolean> =>
  writtenIf({ Update: { TableName: tableName, ...update } });

/** One conditional PutItem on the table: true when written, false when its condition did not hold. */
export const putIf = (put: Omit<PutCommandInput, 'TableName'>): Promise<boolean> =>
  writtenIf({ Put: { TableName: tableName, ...put } });

/** One conditional DeleteItem on the table: true when deleted, false when its condition did not hold. */
export const deleteIf = (remove: Omit<DeleteCommandInput, 'TableName'>): Promise<boolean> =>
  writtenIf({ Delete: { TableName: tableName, ...remove } });

/** The cancellation reasons of a TransactWriteItems, in item order; none for any other error. */
export const cancellationReasons = (error: unknown) =>
  error instanceof TransactionCanceledException || (error as { name?: string }).name === 'TransactionCanceledException'
    ? ((error as TransactionCanceledException).CancellationReasons ?? [])
    : [];

export const cancellationCodes = (error: unknown): string[] =>
  cancellationReasons(error).map((reason) => reason.Code ?? 'None');

/** Cancelled only because another transaction touched the same items: worth retrying. */
export const onlyConflicts = (codes: readonly string[]) =>
  codes.includes('TransactionConflict') && codes.every((code) => code === 'None' || code === 'TransactionConflict');
