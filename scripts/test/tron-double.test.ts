import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRON_TXID_PATTERN } from '@goldbot/shared';
import { transactionInfoSchema, usdtTransfers } from '../../functions/src/domain/commerce/tron.js';
import { LOCAL_DEV_WALLET_ADDRESS } from '../local/stack.js';
import {
  TRON_DOUBLE_PATH,
  fixtureTxid,
  loadListingRows,
  loadTronFixtures,
  startTronDouble,
} from '../local/tron-double.js';
import { createFaultInjector, parseFaults, TRON_FAULT_KINDS } from '../local/faults.js';

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

describe('the account listing (the wallet watcher’s GET /v1/accounts/{address}/transactions/trc20)', () => {
  const WALLET = LOCAL_DEV_WALLET_ADDRESS;
  const listing = (address: string, params: Record<string, string>) =>
    fetch(`${base}/v1/accounts/${address}/transactions/trc20?${new URLSearchParams(params).toString()}`);
  const transfer = (body: Record<string, unknown>) =>
    fetch(`${base}/__double/transfer`, { method: 'POST', body: JSON.stringify(body) });
  const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
  const confirmedTo = { only_to: 'true', only_confirmed: 'true', contract_address: USDT };

  it('the listing fixture names its source and is a listing of the API’s shape', () => {
    const rows = loadListingRows();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(Object.keys(row).sort()).toEqual(
        ['block_timestamp', 'from', 'to', 'token_info', 'transaction_id', 'type', 'value'].sort(),
      );
      expect(row.token_info).toMatchObject({ symbol: 'USDT', address: USDT, decimals: 6 });
    }
  });

  it('records a confirmed transfer now and answers {txid}; it is in the listing and its receipt answers the TXID', async () => {
    const recorded = await transfer({ to: WALLET, amount: '60.37' });
    expect(recorded.status).toBe(201);
    const { txid } = (await recorded.json()) as { txid: string };
    expect(txid).toMatch(TRON_TXID_PATTERN);
    const page = (await (await listing(WALLET, { ...confirmedTo, min_timestamp: String(NOW - 60_000) })).json()) as {
      data: Record<string, unknown>[];
      success: boolean;
      meta: { at: number; page_size: number; fingerprint?: string };
    };
    expect(page.success).toBe(true);
    expect(page.data.find((row) => row.transaction_id === txid)).toMatchObject({
      to: WALLET,
      value: '60370000',
      type: 'Transfer',
      token_info: { address: USDT },
      block_timestamp: Math.ceil(NOW / 3000) * 3000,
    });
    const receipt = transactionInfoSchema.parse(await (await lookup(txid)).json());
    expect(usdtTransfers(receipt)).toEqual([{ from: expect.any(String), to: WALLET, units: 60_370_000n }]);
    // A number is an amount too, and the sender and TXID may be named; bad ones are refused.
    const named = await transfer({
      to: WALLET,
      amount: 250.37,
      from: 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL',
      txid: '1'.repeat(64),
    });
    expect(await named.json()).toEqual({ txid: '1'.repeat(64) });
    for (const bad of [
      { to: 'nope', amount: '1' },
      { to: WALLET, amount: '1.1234567' },
      { to: WALLET, amount: 0 },
    ]) {
      expect((await transfer(bad)).status).toBe(400);
    }
    expect((await transfer({ to: WALLET, amount: '1', txid: '1'.repeat(64) })).status).toBe(409);
  });

  it('keeps to the filters and pages with the fingerprint, newest first', async () => {
    const other = 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE';
    for (let i = 0; i < 5; i += 1) {
      await transfer({ to: other, amount: `${i + 1}.01`, blockTimestamp: NOW - (10 - i) * 60_000 });
    }
    const rows: Record<string, unknown>[] = [];
    let fingerprint: string | undefined;
    let pages = 0;
    do {
      const body = (await (
        await listing(other, {
          ...confirmedTo,
          min_timestamp: String(NOW - 9 * 60_000),
          limit: '2',
          ...(fingerprint ? { fingerprint } : {}),
        })
      ).json()) as { data: Record<string, unknown>[]; meta: { fingerprint?: string; links?: { next: string } } };
      rows.push(...body.data);
      fingerprint = body.meta.fingerprint;
      if (fingerprint) expect(body.meta.links?.next).toContain(`fingerprint=${fingerprint}`);
      pages += 1;
    } while (fingerprint);
    expect(pages).toBe(2);
    expect(rows.map((row) => row.value)).toEqual(['5010000', '4010000', '3010000', '2010000']);
    const window = (await (
      await listing(other, { ...confirmedTo, min_timestamp: '0', max_timestamp: String(NOW - 8 * 60_000) })
    ).json()) as { data: unknown[] };
    expect(window.data).toHaveLength(3);
    const otherToken = (await (
      await listing(other, { ...confirmedTo, min_timestamp: '0', contract_address: 'TNotUsdt' })
    ).json()) as { data: unknown[] };
    expect(otherToken.data).toEqual([]);
  });

  it('fails the next calls to a path on demand, then answers again, and counts the calls', async () => {
    const path = `/v1/accounts/${WALLET}/transactions/trc20`;
    const set = await fetch(`${base}/__double/fail`, {
      method: 'POST',
      body: JSON.stringify({ path, calls: 2, status: 503 }),
    });
    expect(set.status).toBe(201);
    const before = (
      (await (await fetch(`${base}/__double/calls?path=${encodeURIComponent(path)}`)).json()) as { calls: number }
    ).calls;
    expect((await listing(WALLET, confirmedTo)).status).toBe(503);
    expect((await listing(WALLET, confirmedTo)).status).toBe(503);
    expect((await listing(WALLET, confirmedTo)).status).toBe(200);
    expect(await (await fetch(`${base}/__double/calls?path=${encodeURIComponent(path)}`)).json()).toEqual({
      calls: before + 3,
    });
    const defaulted = await fetch(`${base}/__double/fail`, {
      method: 'POST',
      body: JSON.stringify({ path, calls: 1 }),
    });
    expect(await defaulted.json()).toEqual({ path, calls: 1, status: 500, kind: 'status' });
    expect((await listing(WALLET, confirmedTo)).status).toBe(500);
    expect(
      (await fetch(`${base}/__double/fail`, { method: 'POST', body: JSON.stringify({ path, calls: 0 }) })).status,
    ).toBe(400);
  });
});

describe('failing like TronGrid does', () => {
  const path = TRON_DOUBLE_PATH;
  const failNext = (body: Record<string, unknown>) =>
    fetch(`${base}/__double/fail`, { method: 'POST', body: JSON.stringify({ path, calls: 1, ...body }) });

  it('answers 429 with Retry-After, a body that is not JSON, or nothing until the caller gives up', async () => {
    const txid = fixtureTxid('usdt-60-basic');
    expect((await failNext({ status: 429 })).status).toBe(201);
    const limited = await lookup(txid);
    expect([limited.status, limited.headers.get('retry-after')]).toEqual([429, '1']);

    expect((await failNext({ kind: 'not-json' })).status).toBe(201);
    const garbage = await lookup(txid);
    expect(garbage.status).toBe(200);
    await expect(garbage.json()).rejects.toThrow();

    expect((await failNext({ kind: 'timeout' })).status).toBe(201);
    await expect(lookup(txid, AbortSignal.timeout(300))).rejects.toThrow();
    // Each switch fails one call: the next answers the fixture.
    expect(((await (await lookup(txid)).json()) as { id?: string }).id).toBe(txid);
    expect((await failNext({ kind: 'sideways' })).status).toBe(400);
  });

  it('fails a seeded share of its API calls with the injected faults, counted, and none once they are off', async () => {
    const runs = async (seed: number) => {
      const faults = createFaultInjector(parseFaults('tron:0.5'), seed);
      const double = await startTronDouble({ port: 0, now: () => NOW, faults, hangMs: 50 });
      const url = `http://127.0.0.1:${(double.address() as AddressInfo).port}`;
      const answers: string[] = [];
      for (let i = 0; i < 40; i += 1) {
        const response = await fetch(`${url}${TRON_DOUBLE_PATH}`, {
          method: 'POST',
          body: JSON.stringify({ value: fixtureTxid('usdt-60-basic') }),
        }).catch(() => null);
        const text = response ? await response.text() : 'closed';
        answers.push(response ? `${response.status} ${text.startsWith('{') ? 'json' : 'other'}` : text);
      }
      faults.enabled = false;
      const off = await fetch(`${url}${TRON_DOUBLE_PATH}`, {
        method: 'POST',
        body: JSON.stringify({ value: fixtureTxid('usdt-60-basic') }),
      });
      // The helper endpoints and the health check are never failed.
      const health = await fetch(`${url}/health`);
      await new Promise<void>((resolve) => double.close(() => resolve()));
      return { answers, tally: faults.tally.byKind(), off: off.status, health: health.status };
    };
    const first = await runs(7);
    expect(first.off).toBe(200);
    expect(first.health).toBe(200);
    const failed = first.answers.filter((a) => a !== '200 json').length;
    expect(failed).toBeGreaterThan(5);
    expect(failed).toBeLessThan(35);
    const counted = TRON_FAULT_KINDS.reduce((sum, kind) => sum + first.tally[kind], 0);
    expect(counted).toBe(failed);
    expect(first.answers).toContain('closed');
    expect(first.answers).toContain('429 json');
    expect(first.answers).toContain('500 json');
    expect(first.answers).toContain('200 other');
    // The same seed fails the same calls the same way.
    expect((await runs(7)).answers).toEqual(first.answers);
  });
});
