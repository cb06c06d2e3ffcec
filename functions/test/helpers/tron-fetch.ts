import { loadTronFixtures, withTransfer } from '../../../scripts/local/tron-double.js';

/**
 * A TRON API for handler tests that run in process: the test file sets TRON_API_URL to
 * TRON_TEST_URL before the config is read (`vi.hoisted`) and stubs the global fetch with
 * `tronFetch(answers)` before any handler is imported; look-ups of an id then answer
 * `answers.get(id)`, `{}` (unknown) otherwise, as TronGrid does. Other URLs go to the real fetch.
 */
export const TRON_TEST_URL = 'https://tron.test';

export function tronFetch(answers: ReadonlyMap<string, unknown>, real: typeof fetch = globalThis.fetch): typeof fetch {
  return async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(TRON_TEST_URL)) return real(input, init);
    const { value } = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as { value?: string };
    return new Response(JSON.stringify(answers.get(value ?? '') ?? {}), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  };
}

/**
 * The receipt of a real USDT transfer (the local double's `usdt-79-recent` fixture) re-addressed to
 * `to` with `usdt`, confirmed a minute before `now`: a payout as the operator sends it.
 */
export function usdtPayoutReceipt(txid: string, to: string, usdt: string, now = Date.now()): Record<string, unknown> {
  const fixture = loadTronFixtures().get('usdt-79-recent');
  if (!fixture) throw new Error('the TRON fixture usdt-79-recent is missing');
  return { ...withTransfer(fixture, { usdt, to }).response, id: txid, blockTimeStamp: now - 60_000 };
}
