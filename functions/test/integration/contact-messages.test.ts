import { describe, expect, it } from 'vitest';
import { api, idTokenFor } from './http-client.js';

interface ContactMessage {
  _id: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
}

const send = (fields: Record<string, unknown>) =>
  api<{ data: ContactMessage; message: string }>('/api/contact/add', { method: 'POST', body: fields });
const list = async (query = '') =>
  api<{ data: ContactMessage[]; nextCursor: string | null }>(`/api/contact/get${query}`, {
    token: await idTokenFor('admin'),
  });

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
    const user = await idTokenFor('user');
    const asUser = await api('/api/contact/get', { token: user });
    expect(asUser.status).toBe(403);
    expect(asUser.body).toMatchObject({ message: 'Administrator access is required.' });
    expect((await api('/api/contact/del/anything', { method: 'DELETE', token: user })).status).toBe(403);

    const admin = await idTokenFor('admin');
    const [header, payload] = admin.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    const tampered = Buffer.from(JSON.stringify({ ...claims, sub: 'someone-else' })).toString('base64url');
    expect((await api('/api/contact/get', { token: `${header}.${tampered}.${admin.split('.')[2]}` })).status).toBe(401);
    expect((await api('/api/contact/get', { token: 'not-a-jwt' })).status).toBe(401);
  });
});
