import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { listUsers } from '../../src/data/admin-user-store.js';
import { dynamoSubscriptionHistoryStore } from '../../src/data/subscription-history-store.js';
import { toSubscriptionItem } from '../../src/data/subscription-entity.js';
import { INSIDE_SEARCH_WINDOW, PREFIX_SEARCH_USERS, usersStartingWith } from '../../src/data/user-prefix-search.js';
import { toProfileItem } from '../../src/data/user-profile-entity.js';
import type { UserProfile } from '../../src/domain/records/user-profile.js';
import { encodeCursor } from '../../src/data/cursor.js';
import { namesPackageOrStatus } from '../../src/domain/commerce/subscription-history.js';
import { sampleProfile } from '../helpers/admin-user-samples.js';
import { pendingPayment, pendingSubscription } from '../helpers/payment-samples.js';
import { useMockedDynamo } from '../helpers/dynamo-outcomes.js';

/**
 * Admin search by the start of a username or e-mail (docs/data-model.md, "Search, stated honestly"): the prefix
 * indexes answer it, usernames first then e-mails, so its reads do not depend on the size of the
 * lists; a term that starts nothing falls to a window of the newest records, and the answer says
 * which of the two it was.
 */
const dynamo = useMockedDynamo();
beforeEach(() => {
  dynamo.on(QueryCommand).resolves({ Items: [] });
});

const profile = (n: number, overrides: Partial<UserProfile> = {}): UserProfile =>
  sampleProfile({ _id: `sub-${n}`, username: `jane${n}`, email: `jane.${n}@example.com`, ...overrides });
const item = (n: number, overrides: Partial<UserProfile> = {}) => toProfileItem(profile(n, overrides));
const queries = () => dynamo.commandCalls(QueryCommand).map((call) => call.args[0].input);
const onIndex = (index: string) => ({ IndexName: index });
const gsi2Key = (n: number) => {
  const { PK, SK, GSI2PK, GSI2SK } = item(n);
  return { PK, SK, GSI2PK, GSI2SK };
};

describe('listUsers with a search', () => {
  it('reads the usernames that start with the term, then the e-mails, skipping users already listed', async () => {
    dynamo.on(QueryCommand, onIndex('GSI2')).resolves({ Items: [item(1)], ScannedCount: 1 });
    dynamo
      .on(QueryCommand, onIndex('GSI3'))
      .resolves({ Items: [item(2, { username: 'other', email: 'jane@example.org' })], ScannedCount: 1 });
    const page = await listUsers({ limit: 10, search: ' JANE ' });
    expect(page.users.map((u) => u._id)).toEqual(['sub-1', 'sub-2']);
    expect(page.nextCursor).toBeNull();
    expect(page.search).toEqual({ matched: 'start', limitedTo: null });
    const [byName, byEmail] = queries();
    expect(byName).toMatchObject({
      IndexName: 'GSI2',
      KeyConditionExpression: 'GSI2PK = :list AND begins_with(GSI2SK, :prefix)',
      ExpressionAttributeValues: { ':list': 'UNAME#j', ':prefix': 'jane' },
      FilterExpression: 'attribute_exists(GSI1PK)',
      ScanIndexForward: true,
    });
    expect(byEmail).toMatchObject({
      IndexName: 'GSI3',
      ExpressionAttributeValues: { ':list': 'UEMAIL#j', ':prefix': 'jane', ':term': 'jane' },
      FilterExpression: 'attribute_exists(GSI1PK) AND NOT begins_with(usernameLower, :term)',
      ScanIndexForward: true,
    });
    // Neither reads the USERS list: the cost is the matches', whatever the number of users.
    expect(queries().some((q) => q.IndexName === 'GSI1')).toBe(false);
  });

  it('continues the usernames with their cursor, and starts the e-mails after a page the usernames filled', async () => {
    dynamo
      .on(QueryCommand, onIndex('GSI2'))
      .callsFake((input: { ExclusiveStartKey?: unknown }) =>
        input.ExclusiveStartKey
          ? { Items: [item(3)], ScannedCount: 1 }
          : { Items: [item(1), item(2)], ScannedCount: 2, LastEvaluatedKey: gsi2Key(2) },
      );
    const first = await listUsers({ limit: 2, search: 'jane' });
    expect(first.users.map((u) => u._id)).toEqual(['sub-1', 'sub-2']);
    expect(first.nextCursor).toBe(encodeCursor(gsi2Key(2)));

    dynamo.resetHistory();
    const second = await listUsers({ limit: 1, search: 'jane', cursor: first.nextCursor ?? undefined });
    expect(second.users.map((u) => u._id)).toEqual(['sub-3']);
    expect(queries()[0]?.ExclusiveStartKey).toEqual(gsi2Key(2));
    // The usernames ran out exactly as the page filled: the next page is the e-mails from their start.
    expect(second.nextCursor).not.toBeNull();

    dynamo.resetHistory();
    dynamo.on(QueryCommand, onIndex('GSI3')).resolves({ Items: [item(4, { username: 'zed' })], ScannedCount: 1 });
    const third = await listUsers({ limit: 1, search: 'jane', cursor: second.nextCursor ?? undefined });
    expect(third.users.map((u) => u._id)).toEqual(['sub-4']);
    expect(queries().map((q) => [q.IndexName, q.ExclusiveStartKey])).toEqual([['GSI3', undefined]]);
  });

  it('fills the rest of a page whose usernames ran out with the e-mails from their start', async () => {
    dynamo.on(QueryCommand, onIndex('GSI2')).resolves({ Items: [item(3)], ScannedCount: 1 });
    dynamo.on(QueryCommand, onIndex('GSI3')).resolves({ Items: [item(4, { username: 'zed' })], ScannedCount: 1 });
    const page = await listUsers({ limit: 5, search: 'jane', cursor: encodeCursor(gsi2Key(2)) ?? undefined });
    expect(page.users.map((u) => u._id)).toEqual(['sub-3', 'sub-4']);
    expect(queries().map((q) => [q.IndexName, q.ExclusiveStartKey])).toEqual([
      ['GSI2', gsi2Key(2)],
      ['GSI3', undefined],
    ]);
  });

  it('looks inside the newest users only when nothing starts with the term, and says so', async () => {
    dynamo.on(QueryCommand, onIndex('GSI1')).resolves({
      Items: [item(7)],
      ScannedCount: INSIDE_SEARCH_WINDOW,
      LastEvaluatedKey: { PK: 'USER#x', SK: 'PROFILE', GSI1PK: 'USERS', GSI1SK: '2025#x' },
    });
    const page = await listUsers({ limit: 10, search: 'example' });
    expect(page.users.map((u) => u._id)).toEqual(['sub-7']);
    expect(page.search).toEqual({ matched: 'inside', limitedTo: INSIDE_SEARCH_WINDOW });
    const inside = queries().find((q) => q.IndexName === 'GSI1');
    expect(inside).toMatchObject({
      ExpressionAttributeValues: { ':list': 'USERS', ':q': 'example' },
      FilterExpression: 'contains(searchText, :q)',
      Limit: INSIDE_SEARCH_WINDOW,
      ScanIndexForward: false,
    });

    // 'Load more' continues the window from its cursor, without asking the prefix indexes again.
    dynamo.resetHistory();
    await listUsers({ limit: 10, search: 'example', cursor: page.nextCursor ?? undefined });
    expect(queries().map((q) => q.IndexName)).toEqual(['GSI1']);
  });

  it('answers a window that covered the whole list without a limit', async () => {
    dynamo.on(QueryCommand, onIndex('GSI1')).resolves({ Items: [], ScannedCount: 12 });
    const page = await listUsers({ limit: 10, search: 'nobody' });
    expect(page).toEqual({ users: [], nextCursor: null, search: { matched: 'inside', limitedTo: null } });
  });

  it('refuses a cursor of another list', async () => {
    const forged = encodeCursor({ PK: 'PAYMENT#1', SK: 'PAYMENT#1', GSI2PK: 'UNAME#z', GSI2SK: 'zed#1' }) ?? '';
    await expect(listUsers({ limit: 10, search: 'jane', cursor: forged })).rejects.toThrow(/cursor is invalid/);
    const next = encodeCursor({ next: 'payments' }) ?? '';
    await expect(listUsers({ limit: 10, search: 'jane', cursor: next })).rejects.toThrow(/cursor is invalid/);
  });
});

describe('the prefix keys of any username', () => {
  it.each([
    ['John Smith', 'UNAME#j', 'john smith#sub-1'],
    ['Анна Ковальова', 'UNAME#а', 'анна ковальова#sub-1'],
    ['李小龍', 'UNAME#李', '李小龍#sub-1'],
    // A first letter outside the BMP is one character of the key, never half a surrogate pair.
    ['𠮷野家', 'UNAME#𠮷', '𠮷野家#sub-1'],
    ['😀 Smile', 'UNAME#😀', '😀 smile#sub-1'],
  ])('files %j under its first character, lower-cased', async (username, partition, sortKey) => {
    const stored = item(1, { username });
    expect({ GSI2PK: stored.GSI2PK, GSI2SK: stored.GSI2SK }).toEqual({ GSI2PK: partition, GSI2SK: sortKey });
    expect(stored.searchText.split('\n')[0]).toBe(username.toLowerCase());
    // The admin's search for the start of the name reads that partition.
    await listUsers({ limit: 5, search: username.slice(0, 2).toLowerCase() });
    expect(queries()[0]).toMatchObject({ ...onIndex('GSI2'), ExpressionAttributeValues: { ':list': partition } });
  });
});

describe('usersStartingWith', () => {
  it('takes at most PREFIX_SEARCH_USERS users from one Query of each index, and says when there were more', async () => {
    const many = Array.from({ length: PREFIX_SEARCH_USERS }, (_, n) => item(n));
    dynamo.on(QueryCommand, onIndex('GSI2')).resolves({ Items: many, LastEvaluatedKey: gsi2Key(19) });
    dynamo.on(QueryCommand, onIndex('GSI3')).resolves({ Items: [item(0)] });
    const found = await usersStartingWith('jane');
    expect(found.users).toHaveLength(PREFIX_SEARCH_USERS);
    expect(found.limited).toBe(true);
    expect(queries().map((q) => [q.IndexName, q.Limit])).toEqual([
      ['GSI2', PREFIX_SEARCH_USERS],
      ['GSI3', PREFIX_SEARCH_USERS],
    ]);
  });
});

describe('subscription history search', () => {
  const sub = (id: string, createdAt: string) =>
    toSubscriptionItem(pendingSubscription(pendingPayment({ packageSlug: 'pro' }), { _id: id, createdAt }));

  it("answers the start of an e-mail from the matching users' own rows, kept to the period, newest first", async () => {
    dynamo.on(QueryCommand, onIndex('GSI3')).resolves({ Items: [item(1)] });
    dynamo.on(QueryCommand, { KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)' }).resolves({
      Items: [
        sub('A', '2026-11-02T00:00:00.000Z'),
        sub('B', '2025-12-30T00:00:00.000Z'),
        sub('C', '2026-11-20T00:00:00.000Z'),
      ],
    });
    const page = await dynamoSubscriptionHistoryStore.listHistory(
      { year: 2026, month: 10 },
      { limit: 20, contains: 'jane.1@' },
    );
    expect(page.items.map((s) => s._id)).toEqual(['C', 'A']);
    expect(page.nextCursor).toBeNull();
    expect(page.search).toEqual({ matched: 'start', limitedTo: null });
    const rows = queries().find((q) => q.IndexName === undefined);
    expect(rows?.ExpressionAttributeValues).toEqual({ ':pk': 'USER#sub-1', ':prefix': 'SUB#' });
    expect(queries().some((q) => q.IndexName === 'GSI1')).toBe(false);
  });

  it('searches a package or status word inside the newest rows of the period, not by user', async () => {
    for (const term of ['pro', 'pending', 'free', 'rej']) expect(namesPackageOrStatus(term), term).toBe(true);
    expect(namesPackageOrStatus('jane')).toBe(false);
    const page = await dynamoSubscriptionHistoryStore.listHistory({ year: 2026 }, { limit: 20, contains: 'pro' });
    expect(page.search).toEqual({ matched: 'inside', limitedTo: null });
    expect(queries()).toHaveLength(1);
    expect(queries()[0]).toMatchObject({ IndexName: 'GSI1', Limit: INSIDE_SEARCH_WINDOW });
  });
});
