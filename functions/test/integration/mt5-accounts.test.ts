import { describe, expect, it } from 'vitest';
import {
  BOT_CONNECTION_MESSAGES,
  MT5_MESSAGES,
  botConnectedResponseSchema,
  botConnectionsResponseSchema,
  mt5SaveResponseSchema,
  mt5StateSchema,
  type Mt5State,
} from '@goldbot/shared';
import { api, newCustomer, type TestCustomer } from './http-client.js';
import { admin, auditEntriesFor, getItem } from './fixtures.js';
import { mailsTo } from './mailbox.js';

/**
 * The customer's MetaTrader 5 account over real HTTP (docs/data-model.md, "MetaTrader 5 account"
 * and "Bot connection request"): nothing is asked without a paid package; once one is active the
 * account is saved (never a password, each field checked) within 3 DynamoDB requests; the admin
 * sees it among the waiting connections, marks it connected (audited, the customer mailed with the
 * botConnected template), and the customer sees 'connected' with the day; new details ask the team
 * again; a package ended by support asks nothing any more.
 */
const ACCOUNT = { broker: 'IC Markets', server: 'ICMarketsSC-MT5-2', accountNumber: '51234567' };

const getMt5 = async (customer: TestCustomer) => {
  const res = await api<Mt5State>('/api/account/mt5', { token: customer.token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(Number(res.headers.get('x-local-dynamodb-requests'))).toBeLessThanOrEqual(3);
  return mt5StateSchema.parse(res.body);
};
const putMt5 = (customer: TestCustomer, body: unknown) =>
  api<Mt5State & { message: string; errors?: Record<string, string> }>('/api/account/mt5', {
    method: 'PUT',
    token: customer.token,
    body,
  });
const support = async (customer: TestCustomer, body: unknown) => {
  const res = await api(`/api/admin/user/${customer.userId}/subscription`, {
    method: 'POST',
    token: await admin(),
    body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
};
const waiting = async () => {
  const res = await api('/api/admin/activations/connections?status=waiting&limit=100', { token: await admin() });
  expect(res.status).toBe(200);
  return botConnectionsResponseSchema.parse(res.body).connections;
};
const markConnected = async (subscriptionId: string) =>
  api(`/api/admin/activations/${subscriptionId}/connected`, { method: 'POST', token: await admin() });

describe("the customer's MetaTrader 5 account", () => {
  it('is asked for once a paid package is active, connected by the team, and the customer told', async () => {
    const customer = await newCustomer('trader');
    expect((await getMt5(customer)).connection.status).toBe('no-package');
    const early = await putMt5(customer, ACCOUNT);
    expect(early.status).toBe(409);
    expect(early.body).toMatchObject({ message: MT5_MESSAGES.needsPackage });

    // A paid package (given by support here: the same rows a purchase makes once approved).
    await support(customer, { action: 'grant', packageName: 'Pro Package', days: 30, reason: 'MT5 journey' });
    const asked = await getMt5(customer);
    expect(asked).toMatchObject({
      account: null,
      connection: { status: 'details-missing', packageName: 'Pro Package' },
    });
    const subscriptionId = String(asked.connection.subscriptionId);

    // Never a password; every field with its own sentence.
    const password = await putMt5(customer, { ...ACCOUNT, password: 'hunter2' });
    expect(password.status).toBe(400);
    expect(password.body.errors).toEqual({ password: MT5_MESSAGES.noPassword });
    const bad = await putMt5(customer, { broker: 'I', server: '', accountNumber: '12-34' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({
      broker: MT5_MESSAGES.brokerInvalid,
      server: MT5_MESSAGES.serverRequired,
      accountNumber: MT5_MESSAGES.accountInvalid,
    });
    expect(await getItem(`USER#${customer.userId}`, 'TRADING#MT5')).toBeUndefined();

    const saved = await putMt5(customer, {
      broker: ' IC Markets ',
      server: 'ICMarketsSC-MT5-2',
      accountNumber: '51234567',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(Number(saved.headers.get('x-local-dynamodb-requests'))).toBeLessThanOrEqual(3);
    expect(mt5SaveResponseSchema.parse(saved.body)).toEqual({
      message: MT5_MESSAGES.saved,
      account: ACCOUNT,
      connection: { status: 'waiting', packageName: 'Pro Package', subscriptionId, connectedAt: null },
    });
    const stored = await getItem(`USER#${customer.userId}`, 'TRADING#MT5');
    expect(JSON.stringify(stored)).not.toMatch(/password/i);
    // The same details again: nothing to do.
    expect((await putMt5(customer, ACCOUNT)).body).toMatchObject({ message: MT5_MESSAGES.unchanged });

    // The admin's Activations screen shows the details.
    expect(await waiting()).toContainEqual(
      expect.objectContaining({
        subscriptionId,
        userId: { _id: customer.userId, username: customer.username, email: customer.email },
        packageName: 'Pro Package',
        ...ACCOUNT,
        status: 'waiting',
      }),
    );

    // Marked connected: audited, mailed, and the customer sees the day.
    const marked = await markConnected(subscriptionId);
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    expect(botConnectedResponseSchema.parse(marked.body)).toMatchObject({
      message: BOT_CONNECTION_MESSAGES.connected(customer.username),
      connection: { status: 'connected', connectedAt: expect.any(String) },
    });
    const connected = await getMt5(customer);
    expect(connected.connection).toMatchObject({ status: 'connected', subscriptionId });
    expect(connected.connection.connectedAt?.slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
    expect((await waiting()).map((c) => c.subscriptionId)).not.toContain(subscriptionId);
    expect((await auditEntriesFor(subscriptionId)).map((e) => e.action)).toEqual(['bot.connect']);
    expect(await getItem(`USER#${customer.userId}`, `SUB#${subscriptionId}`)).toMatchObject({
      botConnectedAt: expect.any(String),
    });
    const mail = (await mailsTo(customer.email)).find((m) => /bot is connected/.test(m.subject));
    expect(mail?.subject).toBe('GoldBot: the bot is connected to your MetaTrader 5 account');
    for (const part of ['51234567', 'ICMarketsSC-MT5-2', 'IC Markets', 'read-only'])
      expect(mail?.body.text).toContain(part);

    // A repeat mails nobody; an unknown subscription has nothing to connect.
    const again = await markConnected(subscriptionId);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ message: BOT_CONNECTION_MESSAGES.alreadyConnected });
    expect((await mailsTo(customer.email)).filter((m) => /bot is connected/.test(m.subject))).toHaveLength(1);
    const unknown = await markConnected('01KDX3N8W6Q5ZJ4R2T7B9ZZZZZ');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ message: BOT_CONNECTION_MESSAGES.notFound });

    // New details ask the team again; the request is back on the waiting list.
    const changed = await putMt5(customer, { ...ACCOUNT, accountNumber: '99887766' });
    expect(changed.body).toMatchObject({ message: MT5_MESSAGES.saved, connection: { status: 'waiting' } });
    expect(await waiting()).toContainEqual(expect.objectContaining({ subscriptionId, accountNumber: '99887766' }));

    // Support ends the package: nothing is asked any more.
    await support(customer, { action: 'end', reason: 'MT5 journey over' });
    expect((await getMt5(customer)).connection.status).toBe('no-package');
  }, 60_000);

  it('refuses customers on the admin routes, and gives each customer their own account only', async () => {
    const [one, two] = await Promise.all([newCustomer('trader-one'), newCustomer('trader-two')]);
    await support(one, { action: 'grant', packageName: 'Basic Package', days: 5, reason: 'MT5 ownership' });
    expect((await putMt5(one, ACCOUNT)).status).toBe(200);
    expect((await getMt5(two)).account).toBeNull();
    expect((await api('/api/admin/activations/connections', { token: one.token })).status).toBe(403);
    const subscriptionId = String((await getMt5(one)).connection.subscriptionId);
    expect(
      (await api(`/api/admin/activations/${subscriptionId}/connected`, { method: 'POST', token: two.token })).status,
    ).toBe(403);
  }, 60_000);
});
