import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
import {
  contactListResponseSchema,
  contactMarkAllReadResponseSchema,
  type ContactListResponse,
  type ContactMessage,
} from '@goldbot/shared';
import { toContactMessageItem } from '../../src/data/contact-message-entity.js';
import { contactBucketKey, contactBucketOf } from '../../src/data/stats-entity.js';
import { api, idTokenFor, stack } from './http-client.js';
import { db } from './fixtures.js';

const send = (fields: Record<string, unknown>) =>
  api<{ data: ContactMessage; message: string }>('/api/contact/add', { method: 'POST', body: fields });
const list = async (query = '') =>
  api<ContactListResponse>(`/api/contact/get${query}`, { token: await idTokenFor('admin') });
const remove = async (id: string) =>
  api(`/api/contact/del/${id}`, { method: 'DELETE', token: await idTokenFor('admin') });
const markRead = async (id: string) =>
  api(`/api/contact/mark-read/${id}`, { method: 'POST', token: await idTokenFor('admin') });
const markAllRead = async () => api('/api/contact/mark-all-read', { method: 'POST', token: await idTokenFor('admin') });
/** The cards: every message, whatever the page, tab or search. */
const counts = async (query = '') => {
  const res = await list(`?limit=1${query}`);
  expect(res.status).toBe(200);
  const { totalCount, unreadCount, todayCount } = contactListResponseSchema.parse(res.body);
  return { totalCount, unreadCount, todayCount };
};
/** Every message of a tab, page by page (20 a page, as the screen asks). */
async function everyMessage(status: 'all' | 'unread' | 'read'): Promise<ContactMessage[]> {
  const found: ContactMessage[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `?limit=20&status=${status}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await list(query);
    expect(res.status).toBe(200);
    found.push(...res.body.data);
    cursor = res.body.nextCursor;
  } while (cursor);
  return found;
}
const COUNTER = { PK: 'STATS#CONTACTS', SK: 'TOTAL' };

describe('contact messages over HTTP', () => {
  it('a visitor sends a message, the admin lists it newest first, then deletes it', async () => {
    const marker = `it-${Date.now()}`;
    const sent = await send({ name: '  Ada Lovelace ', email: 'Ada@Example.com', message: `Hello ${marker}` });
    expect(sent.status).toBe(201);
    expect(sent.body.message).toBe('Message sent successfully! We will contact you soon.');
    expect(sent.body.data).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: `Hello ${marker}`,
    });
    expect(sent.body.data._id).toMatch(/^[0-9A-Z]{26}$/);

    const second = await send({ name: 'Grace', email: 'grace@example.com', message: `Later ${marker}` });
    const listed = await list();
    expect(listed.status).toBe(200);
    const ids = listed.body.data.map((m) => m._id);
    expect(ids).toContain(sent.body.data._id);
    expect(ids.indexOf(second.body.data._id)).toBeLessThan(ids.indexOf(sent.body.data._id));

    const admin = await idTokenFor('admin');
    const deleted = await api(`/api/contact/del/${sent.body.data._id}`, { method: 'DELETE', token: admin });
    expect(deleted.status).toBe(200);
    expect((await list()).body.data.map((m) => m._id)).not.toContain(sent.body.data._id);

    const again = await api(`/api/contact/del/${sent.body.data._id}`, { method: 'DELETE', token: admin });
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ message: expect.any(String), msg: expect.any(String) });
  });

  it('pages through the list with an opaque cursor and rejects a forged one', async () => {
    for (let i = 0; i < 3; i += 1) await send({ name: `Pager ${i}`, email: 'pager@example.com', message: `page ${i}` });
    const first = await list('?limit=2');
    expect(first.body.data).toHaveLength(2);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await list(`?limit=2&cursor=${encodeURIComponent(first.body.nextCursor ?? '')}`);
    expect(second.status).toBe(200);
    const firstIds = first.body.data.map((m) => m._id);
    for (const m of second.body.data) expect(firstIds).not.toContain(m._id);

    const forged = Buffer.from(JSON.stringify({ GSI1PK: 'USERS', GSI1SK: 'x', PK: 'x', SK: 'x' })).toString(
      'base64url',
    );
    const rejected = await list(`?cursor=${forged}`);
    expect(rejected.status).toBe(400);
    expect((await list('?limit=0')).status).toBe(400);
    expect((await list('?limit=abc')).status).toBe(400);
  });

  it('answers bad input with 400 and per-field messages, never 500', async () => {
    const empty = await send({});
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({
      errors: { name: 'Name is required', email: 'Email is required', message: 'Message is required' },
    });
    const badEmail = await send({ name: 'A', email: 'not-an-email', message: 'x' });
    expect(badEmail.status).toBe(400);
    expect(badEmail.body).toMatchObject({ errors: { email: 'Please enter a valid email' } });
    const tooLong = await send({ name: 'A'.repeat(101), email: 'a@b.co', message: 'x'.repeat(5001) });
    expect(tooLong.status).toBe(400);
    expect(Object.keys((tooLong.body as unknown as { errors: object }).errors).sort()).toEqual(['message', 'name']);
    const wrongTypes = await send({ name: 42, email: ['a@b.co'], message: null });
    expect(wrongTypes.status).toBe(400);

    const malformed = await api('/api/contact/add', { method: 'POST', rawBody: '{"name": "A",' });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({
      message: 'The request body must be valid JSON.',
      msg: 'The request body must be valid JSON.',
    });
  });

  it('keeps admin routes closed to anonymous callers, customers and forged tokens', async () => {
    expect((await api('/api/contact/get')).status).toBe(401);
    expect((await api('/api/contact/del/anything', { method: 'DELETE' })).status).toBe(401);
    expect((await api('/api/contact/mark-read/anything', { method: 'POST' })).status).toBe(401);
    expect((await api('/api/contact/mark-all-read', { method: 'POST' })).status).toBe(401);
    const user = await idTokenFor('user');
    const asUser = await api('/api/contact/get', { token: user });
    expect(asUser.status).toBe(403);
    expect(asUser.body).toMatchObject({ message: 'Administrator access is required.' });
    expect((await api('/api/contact/del/anything', { method: 'DELETE', token: user })).status).toBe(403);
    expect((await api('/api/contact/mark-read/anything', { method: 'POST', token: user })).status).toBe(403);
    expect((await api('/api/contact/mark-all-read', { method: 'POST', token: user })).status).toBe(403);

    const admin = await idTokenFor('admin');
    const [header, payload] = admin.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    const tampered = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    expect((await api('/api/contact/get', { token: `${header}.${tampered}.${admin.split('.')[2]}` })).status).toBe(401);
    expect((await api('/api/contact/get', { token: 'not-a-jwt' })).status).toBe(401);
  });

  it('keeps Total exactly: +1 per message, -1 per delete, never below 0, and counts Today from the given midnight', async () => {
    const start = await counts();
    // Today from the admin's local midnight, summed from half-hour counters: here the
    // midnight is a moment ago, so its half hour already holds what earlier tests sent.
    const since = `&since=${encodeURIComponent(new Date(Date.now() - 1).toISOString())}`;
    const sinceBefore = (await counts(since)).todayCount;
    const a = await send({ name: 'Count A', email: 'count@example.com', message: 'first' });
    const b = await send({ name: 'Count B', email: 'count@example.com', message: 'second' });
    expect(await counts()).toEqual({
      totalCount: start.totalCount + 2,
      unreadCount: start.unreadCount + 2,
      todayCount: start.todayCount + 2,
    });
    expect((await counts(since)).todayCount).toBe(sinceBefore + 2);
    expect((await list('?since=yesterday')).status).toBe(400);

    expect((await remove(a.body.data._id)).status).toBe(200);
    // A deleted message leaves Total, Unread and Today alike.
    expect(await counts()).toEqual({
      totalCount: start.totalCount + 1,
      unreadCount: start.unreadCount + 1,
      todayCount: start.todayCount + 1,
    });
    // A second delete of the same message is a 404 and moves nothing.
    expect((await remove(a.body.data._id)).status).toBe(404);
    expect((await counts()).totalCount).toBe(start.totalCount + 1);

    // A message stored before the counter existed (no `counted` flag) is deleted without moving it.
    const legacyId = `LEGACY${randomBytes(10).toString('hex').toUpperCase()}`;
    await db().send(
      new PutCommand({
        TableName: stack().tableName,
        Item: {
          PK: `CONTACT#${legacyId}`,
          SK: `CONTACT#${legacyId}`,
          GSI1PK: 'CONTACTS',
          GSI1SK: `2025-01-01T00:00:00.000Z#${legacyId}`,
          entity: 'ContactMessage',
          _id: legacyId,
          name: 'Legacy',
          email: 'legacy@example.com',
          message: 'stored before the counter',
          createdAt: '2025-01-01T00:00:00.000Z',
        },
      }),
    );
    // It predates the read state on the server too: it reads as read, and Unread never counted it.
    const legacyListed = (await everyMessage('read')).find((m) => m._id === legacyId);
    expect(legacyListed).toMatchObject({ read: true });
    expect((await remove(legacyId)).status).toBe(200);
    expect(await counts()).toMatchObject({ totalCount: start.totalCount + 1, unreadCount: start.unreadCount + 1 });

    // With the counter at 0 (data older than the counter), deleting a counted message leaves it at 0.
    const counter = await db().send(new GetCommand({ TableName: stack().tableName, Key: COUNTER }));
    const counted = Number(counter.Item?.total ?? 0);
    const unread = Number(counter.Item?.unread ?? 0);
    await db().send(new PutCommand({ TableName: stack().tableName, Item: { ...counter.Item, ...COUNTER, total: 0 } }));
    expect((await remove(b.body.data._id)).status).toBe(200);
    expect((await counts()).totalCount).toBe(0);
    // Put the counters back to the true numbers of counted and unread messages (b, unread, is gone).
    await db().send(
      new PutCommand({ TableName: stack().tableName, Item: { ...COUNTER, total: counted - 1, unread: unread - 1 } }),
    );
    expect(await counts()).toMatchObject({ totalCount: start.totalCount, unreadCount: start.unreadCount });
  });

  it('searches name, e-mail and message case-insensitively and answers the match on the first page', async () => {
    const marker = randomBytes(5).toString('hex');
    const target = await send({
      name: 'Needle Sender',
      email: `needle-${marker}@example.com`,
      message: `Please call me back about order ${marker.toUpperCase()}-42.`,
    });
    const byName = await send({ name: `Pat ${marker}son`, email: 'pat@example.com', message: 'Hello' });
    for (let i = 0; i < 12; i += 1)
      await send({ name: `Filler ${i}`, email: 'filler@example.com', message: 'Nothing here' });
    const before = await counts();

    // The message's middle, in other case; the newer fillers do not match.
    const byMessage = await list(`?limit=5&search=${encodeURIComponent(`ORDER ${marker}-4`)}`);
    expect(byMessage.status).toBe(200);
    expect(byMessage.body.data.map((m) => m._id)).toEqual([target.body.data._id]);
    expect(byMessage.body.nextCursor).toBeNull();
    // Search leaves the cards alone.
    const { totalCount, unreadCount, todayCount } = byMessage.body;
    expect({ totalCount, unreadCount, todayCount }).toEqual(before);

    const byEmail = await list(`?limit=5&search=${encodeURIComponent(`NEEDLE-${marker}@`)}`);
    expect(byEmail.body.data.map((m) => m._id)).toEqual([target.body.data._id]);
    const byNamePart = await list(`?limit=5&search=${marker}SON`);
    expect(byNamePart.body.data.map((m) => m._id)).toEqual([byName.body.data._id]);

    // Both match the marker alone: newest first, one per page, then the end.
    const page1 = await list(`?limit=1&search=${marker}`);
    expect(page1.body.data.map((m) => m._id)).toEqual([byName.body.data._id]);
    const page2 = await list(`?limit=1&search=${marker}&cursor=${encodeURIComponent(page1.body.nextCursor ?? '')}`);
    expect(page2.body.data.map((m) => m._id)).toEqual([target.body.data._id]);
    expect(page2.body.nextCursor).toBeNull();
    expect((await list(`?search=${'x'.repeat(129)}`)).status).toBe(400);

    for (const id of [target.body.data._id, byName.body.data._id]) expect((await remove(id)).status).toBe(200);
  });
});

describe("messages' read state over HTTP", () => {
  /** A moment ago: Today counts from the half hour holding it, so tests compare before and after. */
  const sinceNow = () => `&since=${encodeURIComponent(new Date(Date.now() - 1).toISOString())}`;

  /**
   * `count` unread messages written as contact-add writes them (the item and its counters), without
   * the per-IP limit of the form: enough to fill more than one batch of Mark All Read.
   */
  async function storeUnread(count: number, tag: string): Promise<string[]> {
    const ids: string[] = [];
    const buckets = new Map<string, number>();
    for (let i = 0; i < count; i += 1) {
      const _id = `SEED${tag}${String(i).padStart(3, '0')}${randomBytes(4).toString('hex').toUpperCase()}`;
      const createdAt = new Date(Date.now() - i).toISOString();
      const message = { _id, name: `Seed ${i}`, email: 'seed@example.com', message: `seeded ${tag}`, createdAt };
      await db().send(
        new PutCommand({ TableName: stack().tableName, Item: toContactMessageItem({ ...message, read: false }) }),
      );
      buckets.set(contactBucketOf(createdAt), (buckets.get(contactBucketOf(createdAt)) ?? 0) + 1);
      ids.push(_id);
    }
    const add = (key: Record<string, string>, counters: Record<string, number>) =>
      db().send(
        new UpdateCommand({
          TableName: stack().tableName,
          Key: key,
          UpdateExpression: `ADD ${Object.keys(counters)
            .map((_, i) => `#c${i} :c${i}`)
            .join(', ')}`,
          ExpressionAttributeNames: Object.fromEntries(Object.keys(counters).map((name, i) => [`#c${i}`, name])),
          ExpressionAttributeValues: Object.fromEntries(Object.values(counters).map((value, i) => [`:c${i}`, value])),
        }),
      );
    await add(COUNTER, { total: count, unread: count });
    for (const [bucket, n] of buckets) await add(contactBucketKey(bucket), { count: n });
    return ids;
  }

  it('counts Unread and Today over every message, beyond the 20 a page shows', async () => {
    const since = sinceNow();
    const start = await counts(since);
    const sent: ContactMessage[] = [];
    for (let i = 0; i < 25; i += 1) {
      const res = await send({ name: `Reader ${i}`, email: 'reader@example.com', message: `unread ${i}` });
      expect(res.status).toBe(201);
      expect(res.body.data.read).toBe(false);
      sent.push(res.body.data);
    }
    const page = await list(`?limit=20${since}`);
    expect(page.status).toBe(200);
    expect(page.body.data).toHaveLength(20);
    expect(page.body).toMatchObject({
      totalCount: start.totalCount + 25,
      unreadCount: start.unreadCount + 25,
      todayCount: start.todayCount + 25,
    });
    expect(page.body.data.every((m) => !m.read)).toBe(true);
    // The counter and the unread list agree, page after page.
    expect(await everyMessage('unread')).toHaveLength(start.unreadCount + 25);
  });

  it('opening a message marks it read once: Unread counts one less, the tabs move it', async () => {
    const sent = await send({ name: 'Opened', email: 'opened@example.com', message: 'read me' });
    const id = sent.body.data._id;
    const before = await counts();

    const marked = await markRead(id);
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ message: 'Message marked as read' });
    expect(await counts()).toEqual({ ...before, unreadCount: before.unreadCount - 1 });
    expect((await list('?limit=5')).body.data.find((m) => m._id === id)).toMatchObject({ read: true });
    expect((await everyMessage('unread')).map((m) => m._id)).not.toContain(id);
    expect((await everyMessage('read')).map((m) => m._id)).toContain(id);

    // Again: already read, nothing moves.
    expect((await markRead(id)).status).toBe(200);
    expect((await counts()).unreadCount).toBe(before.unreadCount - 1);

    // Deleting a read message leaves Unread; deleting an unread one takes it off.
    const other = await send({ name: 'Unopened', email: 'opened@example.com', message: 'never read' });
    expect((await counts()).unreadCount).toBe(before.unreadCount);
    expect((await remove(id)).status).toBe(200);
    expect((await counts()).unreadCount).toBe(before.unreadCount);
    expect((await remove(other.body.data._id)).status).toBe(200);
    expect((await counts()).unreadCount).toBe(before.unreadCount - 1);

    const gone = await markRead(id);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ message: 'This message no longer exists. It may have been deleted already.' });
    expect((await list('?status=archived')).status).toBe(400);
  });

  it('Mark All Read marks every unread message, beyond the first page and the first batch', async () => {
    await storeUnread(110, randomBytes(2).toString('hex').toUpperCase());
    const before = await counts();
    expect(before.unreadCount).toBeGreaterThanOrEqual(110);
    expect(await everyMessage('unread')).toHaveLength(before.unreadCount);

    const res = await markAllRead();
    expect(res.status).toBe(200);
    expect(contactMarkAllReadResponseSchema.parse(res.body)).toEqual({
      message: `${before.unreadCount} messages marked as read`,
      marked: before.unreadCount,
      complete: true,
    });
    expect(await counts()).toEqual({ ...before, unreadCount: 0 });
    expect(await everyMessage('unread')).toEqual([]);
    const all = await everyMessage('all');
    expect(all).toHaveLength(before.totalCount);
    expect(all.filter((m) => !m.read)).toEqual([]);

    // Nothing left: 0. A new message is unread again.
    expect((await markAllRead()).body).toMatchObject({ message: '0 messages marked as read', marked: 0 });
    await send({ name: 'After', email: 'after@example.com', message: 'new' });
    expect((await counts()).unreadCount).toBe(1);
  });
});
