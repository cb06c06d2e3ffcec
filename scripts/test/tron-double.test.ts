import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRON_TXID_PATTERN } from '@goldbot/shared';
import { transactionInfoSchema, usdtTransfers } from '../../functions/src/domain/commerce/tron.js';
import { LOCAL_DEV_WALLET_ADDRESS } from '../local/stack.js';
import { TRON_DOUBLE_PATH, fixtureTxid, loadTronFixtures, startTronDouble } from '../local/tron-double.js';

/**
 * The local TRON API double: every fixture names its source and has a TRON id, the
 * answers are TronGrid's format (`{}` for unknown ids), and the test switches behave as documented.
 */
const NOW = Date.parse('2026-11-23T12:00:00.000Z');
let server: Server;
let base: string;

beforeAll(async () => {
  server = await startTronDouble({ port: 0, now: () => NOW });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const lookup = (txid: string, signal?: AbortSignal) =>
  fetch(`${base}${TRON_DOUBLE_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ value: txid }),
    signal,
  });

describe('the fixtures', () => {
  const fixtures = [...loadTronFixtures().values()];

  it('each has a source, a TRON transaction id of its own and a receipt of the API’s shape', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(15);
    expect(new Set(fixtures.map((f) => f.txid)).size).toBe(fixtures.length);
    for (const fixture of fixtures) {
      expect(fixture.source.length, fixture.name).toBeGreaterThan(40);
      expect(fixture.txid, fixture.name).toMatch(TRON_TXID_PATTERN);
      expect(transactionInfoSchema.safeParse(fixture.response).success, fixture.name).toBe(true);
    }
  });

  it('the local wallet is the recipient the match fixtures pay', () => {
    for (const name of ['usdt-60-basic', 'usdt-250-pro', 'usdt-1000-ultimate', 'usdt-79-recent', 'usdt-79-real']) {
      const fixture = loadTronFixtures().get(name);
      const transfers = usdtTransfers(transactionInfoSchema.parse(fixture?.response));
      expect(
        transfers.map((t) => t.to),
        name,
      ).toEqual([LOCAL_DEV_WALLET_ADDRESS]);
    }
  });
});

describe('the double over HTTP', () => {
  it('answers a real receipt as recorded, and {} for an id it does not know', async () => {
    const real = await lookup(fixtureTxid('usdt-79-real'));
    expect(real.status).toBe(200);
    expect(await real.json()).toEqual(loadTronFixtures().get('usdt-79-real')?.response);
    expect(await (await lookup('0'.repeat(64))).json()).toEqual({});
    expect(await (await lookup(fixtureTxid('unknown'))).json()).toEqual({});
  });

  it('gives built receipts a block time one minute before the request', async () => {
    const body = (await (await lookup(fixtureTxid('usdt-60-basic').toUpperCase())).json()) as Record<string, unknown>;
    expect(body.id).toBe(fixtureTxid('usdt-60-basic'));
    expect(body.blockTimeStamp).toBe(NOW - 60_000);
  });

  it('429 always, or only for the first look-up', async () => {
    expect((await lookup(fixtureTxid('rate-limited'))).status).toBe(429);
    expect((await lookup(fixtureTxid('rate-limited'))).status).toBe(429);
    const once = fixtureTxid('rate-limited-once');
    const first = await lookup(once);
    expect(first.status).toBe(429);
    expect(first.headers.get('retry-after')).toBe('1');
    expect((await lookup(once)).status).toBe(200);
    expect(await (await fetch(`${base}/__double/calls?txid=${once}`)).json()).toEqual({ calls: 2 });
  });

  it('a slow answer outlasts a client’s timeout', async () => {
    await expect(lookup(fixtureTxid('slow'), AbortSignal.timeout(200))).rejects.toThrow();
  });

  it('an alias answers a new id like a fixture, with its own id', async () => {
    const txid = 'c'.repeat(64);
    const alias = await fetch(`${base}/__double/alias`, {
      method: 'POST',
      body: JSON.stringify({ txid, fixture: 'usdt-250-pro' }),
    });
    expect(alias.status).toBe(201);
    const body = (await (await lookup(txid)).json()) as Record<string, unknown>;
    expect(body.id).toBe(txid);
    expect(usdtTransfers(transactionInfoSchema.parse(body))[0]?.units).toBe(250_000_000n);
    const bad = await fetch(`${base}/__double/alias`, {
      method: 'POST',
      body: JSON.stringify({ txid: 'x', fixture: 'nope' }),
    });
    expect(bad.status).toBe(400);
    // A payment order's exact amount: the transfer carries it instead of the fixture's.
    const exact = 'd'.repeat(64);
    const priced = await fetch(`${base}/__double/alias`, {
      method: 'POST',
      body: JSON.stringify({ txid: exact, fixture: 'usdt-60-basic', amount: '60.37' }),
    });
    expect(priced.status).toBe(201);
    const exactBody = (await (await lookup(exact)).json()) as Record<string, unknown>;
    expect(usdtTransfers(transactionInfoSchema.parse(exactBody))[0]?.units).toBe(60_370_000n);
    const badAmount = await fetch(`${base}/__double/alias`, {
      method: 'POST',
      body: JSON.stringify({ txid: exact, fixture: 'usdt-60-basic', amount: '60.1234567' }),
    });
    expect(badAmount.status).toBe(400);
  });

  it('an alias can send the transfer to another address (a withdrawal paid to its customer)', async () => {
    const txid = 'e'.repeat(64);
    const to = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
    const alias = await fetch(`${base}/__double/alias`, {
      method: 'POST',
      body: JSON.stringify({ txid, fixture: 'usdt-79-recent', amount: '20', to }),
    });
    expect(alias.status).toBe(201);
    expect(await alias.json()).toEqual({ txid, fixture: 'usdt-79-recent', amount: '20', to });
    const body = (await (await lookup(txid)).json()) as Record<string, unknown>;
    expect(usdtTransfers(transactionInfoSchema.parse(body))).toEqual([
      { from: expect.stringMatching(/^T/), to, units: 20_000_000n },
    ]);
    // A checksum that does not match is no address: refused, nothing aliased.
    const typo = await fetch(`${base}/__double/alias`, {
      method: 'POST',
      body: JSON.stringify({ txid: 'f'.repeat(64), fixture: 'usdt-79-recent', to: `${to.slice(0, -1)}9` }),
    });
    expect(typo.status).toBe(400);
    expect((await lookup('f'.repeat(64))).status).toBe(200);
    expect(await (await lookup('f'.repeat(64))).json()).toEqual({});
  });
});
