import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  TRON_API_PATH,
  createCircuitBreaker,
  createTronApi,
  defaultBackoffMs,
  type TronApiOptions,
} from '../../src/adapters/tron-api.js';
import { TronApiError } from '../../src/domain/commerce/tron.js';
import { loadTronFixtures } from '../../../scripts/local/tron-double.js';

/**
 * The TRON API adapter with a fake fetch and a fake clock: the request it sends, `{}` as
 * "unknown", the per-attempt timeout, bounded retries with backoff on 429/5xx/timeouts (and none on
 * other 4xx), Retry-After, the call's budget, and the circuit breaker.
 */
const TXID = loadTronFixtures().get('usdt-60-basic')?.txid ?? '';
const RECEIPT = loadTronFixtures().get('usdt-60-basic')?.response ?? {};

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A clock the test moves: `sleep` advances it instead of waiting. */
function fakeClock(start = 1_000_000) {
  let now = start;
  const sleeps: number[] = [];
  return {
    now: () => now,
    sleep: async (ms: number) => {
      sleeps.push(ms);
      now += ms;
    },
    advance: (ms: number) => {
      now += ms;
    },
    sleeps,
  };
}

function api(fetch: typeof globalThis.fetch, overrides: Partial<TronApiOptions> = {}) {
  const clock = fakeClock();
  const breaker = createCircuitBreaker({ failureThreshold: 3, coolDownMs: 60_000 });
  const client = createTronApi({
    baseUrl: 'https://tron.example/',
    fetch,
    now: clock.now,
    sleep: clock.sleep,
    backoffMs: (attempt) => 100 * attempt,
    breaker,
    ...overrides,
  });
  return { client, clock, breaker };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the request', () => {
  it('POSTs {"value": txid} to /walletsolidity/gettransactioninfobyid, with the key header when there is one', async () => {
    const fetch = vi.fn(async () => json(200, RECEIPT));
    const { client } = api(fetch, { apiKey: async () => 'key-123' });
    const answer = await client.transactionInfo(TXID.toUpperCase());
    expect(answer).toMatchObject({ kind: 'found', info: { id: TXID, blockNumber: 86738346 } });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe(`https://tron.example${TRON_API_PATH}`);
    expect(init.method).toBe('POST');
    expect(JSON.parse(String(init.body))).toEqual({ value: TXID });
    expect(init.headers).toMatchObject({ 'TRON-PRO-API-KEY': 'key-123', 'content-type': 'application/json' });
    expect(init.redirect).toBe('error');
    expect(init.signal).toBeInstanceOf(AbortSignal);
  });

  it('sends no key header without a key', async () => {
    const fetch = vi.fn(async () => json(200, {}));
    await api(fetch).client.transactionInfo(TXID);
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(Object.keys(init.headers as Record<string, string>)).not.toContain('TRON-PRO-API-KEY');
  });

  it('refuses to send anything that is not a TRON transaction id', async () => {
    const fetch = vi.fn(async () => json(200, {}));
    await expect(api(fetch).client.transactionInfo('../../wallet/createtransaction')).rejects.toBeInstanceOf(
      TronApiError,
    );
    await expect(api(fetch).client.transactionInfo(`${TXID}0`)).rejects.toBeInstanceOf(TronApiError);
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('answers', () => {
  it('{} is an id the chain has no solidified receipt of', async () => {
    expect(await api(async () => json(200, {})).client.transactionInfo(TXID)).toEqual({ kind: 'unknown' });
  });

  it('an error object, a non-receipt or non-JSON is a malformed answer, not retried', async () => {
    for (const response of [
      () => json(200, { Error: 'class java.lang.NullPointerException : null' }),
      () => json(200, [1, 2]),
      () => json(200, { id: 42 }),
      () => new Response('<html>gateway</html>', { status: 200 }),
    ]) {
      const fetch = vi.fn(async () => response());
      await expect(api(fetch).client.transactionInfo(TXID)).rejects.toThrow(/^The TRON API answered with/);
      expect(fetch).toHaveBeenCalledTimes(1);
    }
  });

  it('a 4xx other than 429 (a wrong key) is not retried', async () => {
    const fetch = vi.fn(async () => json(401, { Error: 'ApiKey not exists' }));
    await expect(api(fetch).client.transactionInfo(TXID)).rejects.toThrow(
      'The TRON API refused the request (HTTP 401).',
    );
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('a key that cannot be read fails the look-up without calling TRON', async () => {
    const fetch = vi.fn(async () => json(200, {}));
    const { client } = api(fetch, { apiKey: async () => Promise.reject(new Error('AccessDenied')) });
    await expect(client.transactionInfo(TXID)).rejects.toThrow(
      'The TRON API was not asked: its API key could not be read.',
    );
    expect(fetch).not.toHaveBeenCalled();
  });
});

describe('retries with backoff', () => {
  it('retries 429 and 5xx, then answers', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(json(429, { Error: 'rate' }))
      .mockResolvedValueOnce(json(503, {}))
      .mockResolvedValueOnce(json(200, RECEIPT));
    const { client, clock } = api(fetch);
    expect((await client.transactionInfo(TXID)).kind).toBe('found');
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(clock.sleeps).toEqual([100, 200]);
  });

  it('gives up after the bounded number of attempts with the last reason', async () => {
    const fetch = vi.fn(async () => json(429, {}));
    const { client } = api(fetch);
    await expect(client.transactionInfo(TXID)).rejects.toThrow(
      'The TRON API is rate-limiting requests (HTTP 429) (3 attempts).',
    );
    expect(fetch).toHaveBeenCalledTimes(3);
  });

  it('honours a 429’s Retry-After when it is longer than the backoff (capped at 5 s)', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(json(429, {}, { 'retry-after': '2' }))
      .mockResolvedValueOnce(json(429, {}, { 'retry-after': '120' }))
      .mockResolvedValueOnce(json(200, {}));
    const { client, clock } = api(fetch, { defaultBudgetMs: 60_000 });
    await client.transactionInfo(TXID);
    expect(clock.sleeps).toEqual([2_000, 5_000]);
  });

  it('stops retrying when the next attempt would not fit the call’s budget', async () => {
    const fetch = vi.fn(async () => json(503, {}));
    const { client } = api(fetch, { backoffMs: () => 5_000 });
    await expect(client.transactionInfo(TXID, { budgetMs: 4_000 })).rejects.toThrow('The TRON API failed (HTTP 503).');
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('the default backoff doubles with ±25% jitter', () => {
    expect(defaultBackoffMs(1, () => 0)).toBe(225);
    expect(defaultBackoffMs(1, () => 1)).toBe(375);
    expect(defaultBackoffMs(3, () => 0.5)).toBe(1_200);
  });

  it('waits between attempts on the real clock when no sleep is given (fake timers)', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(json(500, {}))
      .mockResolvedValueOnce(json(200, {}));
    const client = createTronApi({
      baseUrl: 'https://tron.example',
      fetch,
      backoffMs: () => 1_000,
      breaker: createCircuitBreaker(),
    });
    const answer = client.transactionInfo(TXID);
    await vi.advanceTimersByTimeAsync(999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(await answer).toEqual({ kind: 'unknown' });
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('timeouts', () => {
  /** A fetch that never answers and rejects as fetch does when its signal aborts. */
  const hanging = vi.fn(
    (_url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
      }),
  );

  it('aborts an attempt after its timeout (AbortSignal.timeout), retries, then reports the timeout', async () => {
    hanging.mockClear();
    const { client } = api(hanging as typeof globalThis.fetch, { timeoutMs: 30, backoffMs: () => 1 });
    const started = Date.now();
    await expect(client.transactionInfo(TXID)).rejects.toThrow(
      'The TRON API did not answer within 30 ms (3 attempts).',
    );
    expect(hanging).toHaveBeenCalledTimes(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(80);
  });

  it('says the timeout in seconds and uses at most what is left of the budget', async () => {
    hanging.mockClear();
    const { client } = api(hanging as typeof globalThis.fetch, { timeoutMs: 5_000, maxAttempts: 1 });
    const signals: AbortSignal[] = [];
    const spy = vi.spyOn(AbortSignal, 'timeout').mockImplementation((ms: number) => {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new DOMException(`timed out after ${ms}`, 'TimeoutError')), 5);
      signals.push(controller.signal);
      return controller.signal;
    });
    await expect(client.transactionInfo(TXID, { budgetMs: 2_500 })).rejects.toThrow(
      'The TRON API did not answer within 2.5 s.',
    );
    expect(spy).toHaveBeenCalledWith(2_500);
    await expect(
      api(hanging as typeof globalThis.fetch, { maxAttempts: 1 }).client.transactionInfo(TXID),
    ).rejects.toThrow('The TRON API did not answer within 5 s.');
    expect(spy).toHaveBeenLastCalledWith(5_000);
    spy.mockRestore();
  });

  it('a network failure is retried like a timeout', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockRejectedValueOnce(new TypeError('fetch failed'))
      .mockResolvedValueOnce(json(200, {}));
    expect(await api(fetch).client.transactionInfo(TXID)).toEqual({ kind: 'unknown' });
  });
});

describe('the circuit breaker', () => {
  it('after N failed look-ups in a row, refuses calls for the cool-down, then lets one trial through', async () => {
    const fetch = vi.fn(async () => json(503, {}));
    const { client, clock } = api(fetch, { maxAttempts: 1 });
    for (let i = 0; i < 3; i += 1) await expect(client.transactionInfo(TXID)).rejects.toThrow('HTTP 503');
    expect(fetch).toHaveBeenCalledTimes(3);

    await expect(client.transactionInfo(TXID)).rejects.toThrow(
      'TRON API calls are paused for 60 s after 3 failed look-ups in a row.',
    );
    expect(fetch).toHaveBeenCalledTimes(3);

    clock.advance(59_000);
    await expect(client.transactionInfo(TXID)).rejects.toThrow('paused for 1 s');
    clock.advance(1_000);
    // Half-open: the trial call fails, so the circuit opens again at once.
    await expect(client.transactionInfo(TXID)).rejects.toThrow('HTTP 503');
    expect(fetch).toHaveBeenCalledTimes(4);
    await expect(client.transactionInfo(TXID)).rejects.toThrow('paused for 60 s');
  });

  it('a success closes it and resets the count; an answered {} is a success', async () => {
    const fetch = vi
      .fn<typeof globalThis.fetch>()
      .mockResolvedValueOnce(json(503, {}))
      .mockResolvedValueOnce(json(503, {}))
      .mockResolvedValueOnce(json(200, {}))
      .mockResolvedValueOnce(json(503, {}))
      .mockResolvedValueOnce(json(503, {}))
      .mockResolvedValueOnce(json(200, RECEIPT));
    const { client, breaker, clock } = api(fetch, { maxAttempts: 1 });
    await expect(client.transactionInfo(TXID)).rejects.toThrow();
    await expect(client.transactionInfo(TXID)).rejects.toThrow();
    expect(await client.transactionInfo(TXID)).toEqual({ kind: 'unknown' });
    await expect(client.transactionInfo(TXID)).rejects.toThrow();
    await expect(client.transactionInfo(TXID)).rejects.toThrow();
    expect(breaker.blockedForMs(clock.now())).toBe(0);
    expect((await client.transactionInfo(TXID)).kind).toBe('found');
  });

  it('counts a look-up (all its retries) as one failure', async () => {
    const fetch = vi.fn(async () => json(429, {}));
    const { client, breaker, clock } = api(fetch);
    await expect(client.transactionInfo(TXID)).rejects.toThrow('(3 attempts)');
    await expect(client.transactionInfo(TXID)).rejects.toThrow('(3 attempts)');
    expect(breaker.blockedForMs(clock.now())).toBe(0);
    await expect(client.transactionInfo(TXID)).rejects.toThrow('(3 attempts)');
    expect(breaker.blockedForMs(clock.now())).toBe(60_000);
  });
});

describe('the account listing (the wallet watcher)', () => {
  const WALLET = 'TWsghcMkFXe1hnwZAWVQ9fUrZBtYv2aGJ8';
  const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';
  const row = (txid: string, value: string, extra: Record<string, unknown> = {}) => ({
    transaction_id: txid,
    token_info: { symbol: 'USDT', address: USDT, decimals: 6, name: 'Tether USD' },
    block_timestamp: 1_790_887_644_000,
    from: 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL',
    to: WALLET,
    type: 'Transfer',
    value,
    ...extra,
  });

  it('GETs the confirmed USDT transfers to the address, 200 a page, with the key header and the fingerprint', async () => {
    const fetch = vi.fn(async () =>
      json(200, {
        success: true,
        data: [row('ab'.repeat(32), '60370000')],
        meta: { at: 1, page_size: 1, fingerprint: 'next-page' },
      }),
    );
    const { client } = api(fetch, { apiKey: async () => 'key-123' });
    const page = await client.incomingUsdtPage(WALLET, {
      minTimestamp: 1000,
      maxTimestamp: 2000,
      fingerprint: 'this-page',
    });
    expect(page).toEqual({
      transfers: [
        {
          txid: 'ab'.repeat(32),
          from: 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL',
          to: WALLET,
          units: 60_370_000n,
          blockTime: 1_790_887_644_000,
        },
      ],
      skipped: 0,
      fingerprint: 'next-page',
    });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const parsed = new URL(url);
    expect(parsed.origin + parsed.pathname).toBe(`https://tron.example/v1/accounts/${WALLET}/transactions/trc20`);
    expect(Object.fromEntries(parsed.searchParams)).toEqual({
      only_to: 'true',
      only_confirmed: 'true',
      contract_address: USDT,
      min_timestamp: '1000',
      max_timestamp: '2000',
      limit: '200',
      fingerprint: 'this-page',
    });
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(init.headers).toMatchObject({ 'TRON-PRO-API-KEY': 'key-123' });
  });

  it('the last page has no fingerprint; rows of another token, other events or malformed are left out', async () => {
    const fetch = vi.fn(async () =>
      json(200, {
        success: true,
        data: [
          row('ab'.repeat(32), '1'),
          row('cd'.repeat(32), '2', { token_info: { address: 'TFakeUsdt', symbol: 'USDT' } }),
          row('ef'.repeat(32), '3', { type: 'Approval' }),
          row('not-a-txid', '4'),
          { transaction_id: '12'.repeat(32) },
        ],
        meta: { at: 1, page_size: 5 },
      }),
    );
    const page = await api(fetch).client.incomingUsdtPage(WALLET, { minTimestamp: 0 });
    expect(page.transfers.map((t) => t.units)).toEqual([1n]);
    expect(page).toMatchObject({ skipped: 4, fingerprint: null });
  });

  it('retries a failed page like a receipt, and reports TronGrid’s error answer as malformed', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(json(500, { success: false, error: 'boom', statusCode: 500 }))
      .mockResolvedValueOnce(json(200, { success: true, data: [], meta: { at: 1, page_size: 0 } }));
    expect(await api(fetch).client.incomingUsdtPage(WALLET, { minTimestamp: 0 })).toEqual({
      transfers: [],
      skipped: 0,
      fingerprint: null,
    });
    const refused = vi.fn(async () => json(200, { success: false, error: 'invalid fingerprint' }));
    await expect(api(refused).client.incomingUsdtPage(WALLET, { minTimestamp: 0 })).rejects.toThrow(
      'The TRON API answered with an error (invalid fingerprint).',
    );
  });

  it('refuses to send anything that is not a T-address', async () => {
    const fetch = vi.fn(async () => json(200, {}));
    await expect(api(fetch).client.incomingUsdtPage('../wallet/x', { minTimestamp: 0 })).rejects.toBeInstanceOf(
      TronApiError,
    );
    expect(fetch).not.toHaveBeenCalled();
  });
});
