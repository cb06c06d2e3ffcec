import { randomUUID } from 'node:crypto';
import { PACKAGE_NAMES } from '@goldbot/shared';
import { ensureUser, localCognitoClient, localIdToken } from '../local/cognito-local.js';
import type { LocalStackInfo } from '../local/stack.js';
import { sleep } from '../../functions/src/lib/retry.js';

/**
 * The time from a confirmed transfer to the customer's order showing `found`, on a local stack
 * whose scheduler runs the wallet watcher every minute, as it does in AWS: customers open Basic
 * orders, their exact amounts are "sent" through the TRON double (`POST /__double/transfer`, a
 * confirmed transfer at the current time) at moments spread over a minute, and each order is asked
 * for its state every second (`GET /api/payment/order/{orderId}`, the route the payment window polls
 * every 10 s) until it says `found`.
 */
export interface FoundSample {
  /** Seconds past the minute at which the transfer was confirmed (the watcher runs once a minute). */
  sentAtSecond: number;
  /** Seconds from the transfer to the order's state `found`; null when it never came. */
  foundAfterSeconds: number | null;
}

/** How often the bench asks each order's state: the resolution of the figures. */
export const POLL_MS = 1_000;
/** How long a sample waits for `found` before it counts as never found. */
export const GIVE_UP_MS = 180_000;

type StackInfo = Pick<LocalStackInfo, 'urls' | 'pool'>;

async function json(response: Response, what: string): Promise<Record<string, unknown>> {
  const text = await response.text();
  if (!response.ok) throw new Error(`${what} answered HTTP ${response.status}: ${text.slice(0, 300)}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

/** A confirmed customer straight in cognito-local, signed in, with a profile (as the SPA's first /me makes it). */
async function customer(info: StackInfo, tag: string): Promise<string> {
  const email = `${tag}-${randomUUID().slice(0, 8)}@example.com`;
  const password = 'Gold$trade1';
  await ensureUser(localCognitoClient(info.urls.cognito), info.pool, { email, password });
  const token = await localIdToken(info.urls.cognito, info.pool, { email, password });
  await json(await fetch(`${info.urls.api}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } }), '/me');
  return token;
}

interface OpenOrder {
  token: string;
  orderId: string;
  amount: number;
}

async function openBasicOrder(info: StackInfo, token: string): Promise<OpenOrder> {
  const answer = await json(
    await fetch(`${info.urls.api}/api/payment/order`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ packageName: PACKAGE_NAMES.basic, referralCode: null }),
    }),
    'POST /api/payment/order',
  );
  const order = answer.order as { orderId: string; amount: number };
  return { token, orderId: order.orderId, amount: order.amount };
}

async function orderState(info: StackInfo, order: OpenOrder): Promise<string> {
  const answer = await json(
    await fetch(`${info.urls.api}/api/payment/order/${encodeURIComponent(order.orderId)}`, {
      headers: { authorization: `Bearer ${order.token}` },
    }),
    'GET /api/payment/order/{orderId}',
  );
  return String(answer.state);
}

/** Sends the order's exact amount to `wallet` through the TRON double; answers when it was confirmed. */
async function sendTransfer(info: StackInfo, wallet: string, amount: number): Promise<number> {
  await json(
    await fetch(`${info.urls.tron}/__double/transfer`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: wallet, amount: amount.toFixed(2) }),
    }),
    'POST /__double/transfer',
  );
  return Date.now();
}

/**
 * `samples` transfers, the first at once and each next `spacingMs` later (15 s spreads four over
 * the watcher's minute, so the figures cover a transfer made just after a run as well as just before
 * one), each followed until its order says `found`.
 */
export async function measurePaymentFound(
  info: StackInfo,
  { samples, spacingMs, log }: { samples: number; spacingMs: number; log: (line: string) => void },
): Promise<{ wallet: string; samples: FoundSample[] }> {
  const tokens = await Promise.all(Array.from({ length: samples }, (_, i) => customer(info, `found${i}`)));
  const wallet = String(
    (
      await json(
        await fetch(`${info.urls.api}/api/payment/wallet-details`, {
          headers: { authorization: `Bearer ${tokens[0] ?? ''}` },
        }),
        'GET /api/payment/wallet-details',
      )
    ).walletAddress,
  );
  const orders: OpenOrder[] = [];
  for (const token of tokens) orders.push(await openBasicOrder(info, token));

  const follow = async (order: OpenOrder, index: number): Promise<FoundSample> => {
    await sleep(index * spacingMs);
    const sentAt = await sendTransfer(info, wallet, order.amount);
    const sentAtSecond = Math.floor((sentAt % 60_000) / 1000);
    log(
      `  transfer ${index + 1} of ${order.amount.toFixed(2)} USDT confirmed at :${String(sentAtSecond).padStart(2, '0')}`,
    );
    while (Date.now() - sentAt < GIVE_UP_MS) {
      if ((await orderState(info, order)) === 'found') {
        const foundAfterSeconds = (Date.now() - sentAt) / 1000;
        log(`  transfer ${index + 1} found after ${foundAfterSeconds.toFixed(1)} s`);
        return { sentAtSecond, foundAfterSeconds };
      }
      await sleep(POLL_MS);
    }
    log(`  transfer ${index + 1} was not found within ${GIVE_UP_MS / 1000} s`);
    return { sentAtSecond, foundAfterSeconds: null };
  };
  return { wallet, samples: await Promise.all(orders.map((order, index) => follow(order, index))) };
}
