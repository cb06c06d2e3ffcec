import { describe, expect, it } from 'vitest';
import { ORDER, PAYMENT_MESSAGES, type OpenOrderInput } from '@goldbot/shared';
import type { AmountHold, OrderRecord } from '../../src/domain/records/order-record.js';
import {
  amountsByLastUse,
  amountsToTry,
  candidateAmounts,
  freeAmounts,
  openOrder,
  poolIsLow,
  type OrderCommit,
  type OrderSnapshot,
  type OrderStore,
} from '../../src/domain/commerce/orders.js';
import { BUYER_PROFILE } from '../helpers/customer-commerce-samples.js';
import { refusal } from '../helpers/refusal.js';

/** Payment orders: exact amounts no two open orders share, reopened and re-priced (orders.ts). */
const NOW = new Date('2026-11-23T10:15:00.000Z');
const NOW_S = NOW.getTime() / 1000;
const BUYER = BUYER_PROFILE;
const BASIC: OpenOrderInput = { packageName: 'Basic Package', referralCode: null };

/** The table's order items and amount holds in memory, with DynamoDB's conditions. */
function memoryStore(context: Partial<OrderSnapshot> = {}) {
  const orders = new Map<string, OrderRecord>();
  const holds = new Map<number, AmountHold>();
  const reads: number[][] = [];
  const alerts: { priceCents: number; freeAmounts: number }[] = [];
  const store: OrderStore = {
    async readOrderContext({ userId, slug }) {
      return {
        profile: BUYER,
        catalogPriceUsd: 60,
        catalogOnSale: true,
        basicPackageEnabled: true,
        wallet: { walletId: 'w1', address: 'TWallet', network: 'TRC20', currency: 'USDT' },
        referral: null,
        order: orders.get(`${userId}/${slug}`) ?? null,
        ...context,
      };
    },
    async readAmountHolds(amounts) {
      reads.push([...amounts]);
      return amounts.flatMap((cents) => holds.get(cents) ?? []);
    },
    async commitOrder(order, replaced, nowSeconds): Promise<OrderCommit> {
      const current = holds.get(order.amountCents);
      if (current && current.heldUntil > nowSeconds) return { kind: 'amount-taken' };
      const key = `${order.userId}/${order.packageSlug}`;
      if ((orders.get(key)?.orderId ?? null) !== (replaced?.orderId ?? null)) return { kind: 'order-changed' };
      const replacedHold = replaced ? holds.get(replaced.amountCents) : undefined;
      if (replacedHold && replacedHold.orderId === replaced?.orderId) {
        holds.set(replacedHold.amountCents, { ...replacedHold, heldUntil: nowSeconds });
      }
      orders.set(key, order);
      holds.set(order.amountCents, {
        amountCents: order.amountCents,
        orderId: order.orderId,
        userId: order.userId,
        heldUntil: order.expiresAt,
      });
      return { kind: 'committed' };
    },
    async notePoolLow(alert) {
      alerts.push({ priceCents: alert.priceCents, freeAmounts: alert.freeAmounts });
    },
  };
  return { store, orders, holds, reads, alerts };
}

let ids = 0;
const depsOf = (store: OrderStore, now = NOW, extra: { openMinutes?: number; random?: () => number } = {}) => ({
  store,
  now: () => now,
  newId: () => `ORD${(ids += 1)}`,
  ...extra,
});

describe('exact amounts', () => {
  const hold = (amountCents: number, heldUntil: number): AmountHold => ({
    amountCents,
    orderId: 'x',
    userId: 'u',
    heldUntil,
  });

  it('are the price plus 1 to 99 cents: whole cents, never $1 over', () => {
    const amounts = candidateAmounts(6000);
    expect(amounts).toHaveLength(ORDER.maxTagCents);
    expect(amounts[0]).toBe(6001);
    expect(amounts.at(-1)).toBe(6099);
    for (const cents of amounts) {
      expect(Number.isInteger(cents)).toBe(true);
      // A wallet that rounds to 2 decimals sends exactly this.
      expect(Math.round((cents / 100) * 100)).toBe(cents);
      expect(cents - 6000).toBeLessThan(100);
    }
  });

  it('skip amounts held by live holds, and reuse ended ones', () => {
    const free = freeAmounts(6000, [hold(6001, NOW_S + 1), hold(6002, NOW_S)], NOW_S);
    expect(free).not.toContain(6001);
    expect(free).toContain(6002);
    expect(free).toHaveLength(98);
  });

  it('hand out first the amount whose last hold ended longest ago (never held: first of all)', () => {
    // Every amount held once; 6042 ended longest ago, 6007 just now, 6001 is still held.
    const holds = candidateAmounts(6000).map((cents) => hold(cents, NOW_S - 3600));
    holds[41] = hold(6042, NOW_S - 86_400);
    holds[6] = hold(6007, NOW_S);
    holds[0] = hold(6001, NOW_S + 600);
    const ranked = amountsByLastUse(6000, holds, NOW_S, () => 0.5);
    expect(ranked[0]).toBe(6042);
    expect(ranked.at(-1)).toBe(6007);
    expect(ranked).not.toContain(6001);
    expect(ranked).toHaveLength(98);
    // A never-held amount comes before any that was held.
    expect(amountsByLastUse(6000, holds.slice(1), NOW_S, () => 0.5)[0]).toBe(6001);
  });

  it('are tried in random order within the older half, then the rest oldest first', () => {
    const ranked = Array.from({ length: 40 }, (_, i) => 6001 + i);
    let key = 1;
    const tried = amountsToTry(ranked, () => (key -= 0.01));
    expect(tried.slice(0, 20).sort()).toEqual(ranked.slice(0, 20));
    expect(tried.slice(0, 20)).not.toEqual(ranked.slice(0, 20));
    expect(tried.slice(20)).toEqual(ranked.slice(20));
  });

  it('a pool is low below a fifth of its amounts free', () => {
    expect(poolIsLow(19)).toBe(true);
    expect(poolIsLow(20)).toBe(false);
  });
});

describe('openOrder', () => {
  it('opens an order with a unique amount, open for ORDER_OPEN_MINUTES; reopening answers the same order', async () => {
    const { store, reads } = memoryStore();
    const order = await openOrder(depsOf(store), BUYER._id, BASIC);
    expect(order).toMatchObject({ packageName: 'Basic Package', originalAmount: 60, price: 60, referralCode: null });
    expect(order.amount).toBeGreaterThan(60);
    expect(order.amount).toBeLessThan(61);
    expect(order.expiresAt).toBe(new Date(NOW.getTime() + ORDER.openMinutes * 60_000).toISOString());
    const again = await openOrder(depsOf(store, new Date(NOW.getTime() + 60 * 60_000)), BUYER._id, BASIC);
    expect(again).toEqual(order);
    // The price's holds were read once, to hand out the amount whose hold ended longest ago.
    expect(reads).toHaveLength(1);
    const short = await openOrder(depsOf(memoryStore().store, NOW, { openMinutes: 15 }), BUYER._id, BASIC);
    expect(short.expiresAt).toBe(new Date(NOW.getTime() + 15 * 60_000).toISOString());
  });

  it('hands an amount that just closed out last: a late transfer for it finds it not re-issued', async () => {
    const { store } = memoryStore();
    const first = await openOrder(depsOf(store), 'buyer-a', BASIC);
    const afterwards = new Date(NOW.getTime() + (ORDER.openMinutes + 1) * 60_000);
    const next = new Set<number>();
    for (let buyer = 0; buyer < ORDER.maxTagCents - 1; buyer += 1) {
      next.add((await openOrder(depsOf(store, afterwards), `buyer-${buyer}`, BASIC)).amount);
    }
    expect(next.has(first.amount)).toBe(false);
    expect((await openOrder(depsOf(store, afterwards), 'the-last', BASIC)).amount).toBe(first.amount);
  });

  it('never gives two open orders the same amount, and says so when every amount of a price is held', async () => {
    const { store, alerts } = memoryStore();
    const amounts = new Set<number>();
    for (let buyer = 0; buyer < ORDER.maxTagCents; buyer += 1) {
      amounts.add((await openOrder(depsOf(store), `buyer-${buyer}`, BASIC)).amount);
    }
    expect(amounts.size).toBe(ORDER.maxTagCents);
    // Below a fifth of the amounts free, the admins hear of it (job-watch-wallets mails them).
    expect(alerts.length).toBeGreaterThan(0);
    expect(alerts.every((a) => a.priceCents === 6000 && a.freeAmounts < 20)).toBe(true);
    const full = await refusal(openOrder(depsOf(store), 'one-more', BASIC));
    expect([full.statusCode, full.message]).toEqual([503, PAYMENT_MESSAGES.orderAmountsBusy]);
    // Two hours later the amounts are free again.
    const later = await openOrder(
      depsOf(store, new Date(NOW.getTime() + ORDER.openMinutes * 60_000)),
      'one-more',
      BASIC,
    );
    expect(later.amount).toBeGreaterThan(60);
  });

  it('takes another free amount when one is taken at the same moment', async () => {
    const { store, holds } = memoryStore();
    const racing: OrderStore = {
      ...store,
      readAmountHolds: async () => [],
    };
    holds.set(6001, { amountCents: 6001, orderId: 'other', userId: 'u', heldUntil: NOW_S + 60 });
    // Ties broken in key order: 6001 is tried first, taken, then 6002.
    let tie = 0;
    const order = await openOrder(depsOf(racing, NOW, { random: () => (tie += 1) / 1000 }), BUYER._id, BASIC);
    expect(order.amount).toBe(60.02);
  });

  it('a transaction that kept colliding with other customers on an amount opens the order on another amount, never refuses it as busy', async () => {
    // Under load, 50 customers opening orders of one price at once collide on the amounts' holds;
    // a collision (TransactionConflict after the store's retries) was answered 409 "busy", so a
    // customer got no order and their submission was told to open the payment window again.
    const { store } = memoryStore();
    let collisions = 2;
    const colliding: OrderStore = {
      ...store,
      commitOrder: async (...args) => {
        if (collisions > 0) {
          collisions -= 1;
          return { kind: 'busy' };
        }
        return store.commitOrder(...args);
      },
    };
    const order = await openOrder(depsOf(colliding), BUYER._id, BASIC);
    expect(order.amount).toBeGreaterThan(60);
    expect(collisions).toBe(0);
    // Reopening the window answers that order: it was stored.
    expect(await openOrder(depsOf(store), BUYER._id, BASIC)).toEqual(order);
  });

  it('a collision that was another window of the same customer answers the order that window made', async () => {
    const { store } = memoryStore();
    const other = await openOrder(depsOf(store), BUYER._id, BASIC);
    const stale: OrderStore = {
      ...store,
      readOrderContext: async (r) => ({ ...(await store.readOrderContext(r)), order: null }),
      commitOrder: async () => ({ kind: 'busy' }),
    };
    // The first read saw no order; the collision's re-read sees the other window's.
    let first = true;
    const once: OrderStore = {
      ...stale,
      readOrderContext: async (r) => {
        if (first) {
          first = false;
          return stale.readOrderContext(r);
        }
        return store.readOrderContext(r);
      },
    };
    expect(await openOrder(depsOf(once), BUYER._id, BASIC)).toEqual(other);
  });

  it('re-prices for a verified referral code: a new order and amount, the old amount released', async () => {
    const rick = { code: 'RICK2026', userId: 'rick-1', username: 'ref_rick' };
    const { store, holds } = memoryStore();
    const first = await openOrder(depsOf(store), BUYER._id, BASIC);
    const coded: OrderStore = {
      ...store,
      readOrderContext: async (r) => ({ ...(await store.readOrderContext(r)), referral: rick }),
    };
    const repriced = await openOrder(depsOf(coded), BUYER._id, { ...BASIC, referralCode: 'rick2026' });
    expect(repriced).toMatchObject({ originalAmount: 60, price: 50, referralCode: 'RICK2026' });
    expect(repriced.orderId).not.toBe(first.orderId);
    expect(repriced.amount).toBeGreaterThan(50);
    expect(repriced.amount).toBeLessThan(51);
    // The old amount's hold ended now: free for the next order.
    expect(holds.get(Math.round(first.amount * 100))?.heldUntil).toBe(NOW_S);
  });

  it('refuses like the submission: own code 400, no wallet 503, Pro with a code 400', async () => {
    const own = memoryStore({ referral: { code: 'JANE2026', userId: BUYER._id, username: 'jane_doe' } });
    expect(
      (await refusal(openOrder(depsOf(own.store), BUYER._id, { ...BASIC, referralCode: 'JANE2026' }))).statusCode,
    ).toBe(400);
    const noWallet = memoryStore({ wallet: null });
    expect((await refusal(openOrder(depsOf(noWallet.store), BUYER._id, BASIC))).statusCode).toBe(503);
    const pro = memoryStore();
    const proCode = await refusal(
      openOrder(depsOf(pro.store), BUYER._id, { packageName: 'Pro Package', referralCode: 'X1' }),
    );
    expect([proCode.statusCode, proCode.message]).toEqual([400, PAYMENT_MESSAGES.referralBasicOnly]);
  });
});
