import { describe, expect, it } from 'vitest';
import { ORDER, PAYMENT_MESSAGES, type OpenOrderInput } from '@goldbot/shared';
import type { AmountHold, OrderRecord } from '../../src/domain/records/order-record.js';
import {
  candidateAmounts,
  freeAmounts,
  openOrder,
  type OrderCommit,
  type OrderSnapshot,
  type OrderStore,
} from '../../src/domain/commerce/orders.js';
import { DomainError } from '../../src/domain/errors.js';
import { BUYER_PROFILE } from '../helpers/customer-commerce-samples.js';

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
      if (current && current.expiresAt > nowSeconds) return { kind: 'amount-taken' };
      const key = `${order.userId}/${order.packageSlug}`;
      if ((orders.get(key)?.orderId ?? null) !== (replaced?.orderId ?? null)) return { kind: 'order-changed' };
      if (replaced && holds.get(replaced.amountCents)?.orderId === replaced.orderId) holds.delete(replaced.amountCents);
      orders.set(key, order);
      holds.set(order.amountCents, { ...order, paymentId: null });
      return { kind: 'committed' };
    },
  };
  return { store, orders, holds, reads };
}

let ids = 0;
const depsOf = (store: OrderStore, now = NOW, pick?: (free: readonly number[]) => number) => ({
  store,
  now: () => now,
  newId: () => `ORD${(ids += 1)}`,
  ...(pick ? { pick } : {}),
});

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('exact amounts', () => {
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

  it('skip amounts held by live holds, and reuse expired ones', () => {
    const hold = (amountCents: number, expiresAt: number): AmountHold => ({
      amountCents,
      orderId: 'x',
      userId: 'u',
      expiresAt,
      paymentId: null,
    });
    const free = freeAmounts(6000, [hold(6001, NOW_S + 1), hold(6002, NOW_S)], NOW_S);
    expect(free).not.toContain(6001);
    expect(free).toContain(6002);
    expect(free).toHaveLength(98);
  });
});

describe('openOrder', () => {
  it('opens an order with a unique amount, open for 2 hours; reopening answers the same order', async () => {
    const { store, reads } = memoryStore();
    const order = await openOrder(depsOf(store), BUYER._id, BASIC);
    expect(order).toMatchObject({ packageName: 'Basic Package', originalAmount: 60, price: 60, referralCode: null });
    expect(order.amount).toBeGreaterThan(60);
    expect(order.amount).toBeLessThan(61);
    expect(order.expiresAt).toBe(new Date(NOW.getTime() + ORDER.openMinutes * 60_000).toISOString());
    const again = await openOrder(depsOf(store, new Date(NOW.getTime() + 60 * 60_000)), BUYER._id, BASIC);
    expect(again).toEqual(order);
    // A free table: the first random amount was free, so no hold was read.
    expect(reads).toEqual([]);
  });

  it('never gives two open orders the same amount, and says so when every amount of a price is held', async () => {
    const { store } = memoryStore();
    const amounts = new Set<number>();
    for (let buyer = 0; buyer < ORDER.maxTagCents; buyer += 1) {
      amounts.add((await openOrder(depsOf(store), `buyer-${buyer}`, BASIC)).amount);
    }
    expect(amounts.size).toBe(ORDER.maxTagCents);
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
    holds.set(6001, { amountCents: 6001, orderId: 'other', userId: 'u', expiresAt: NOW_S + 60, paymentId: null });
    const order = await openOrder(
      depsOf(racing, NOW, (free) => free[0] ?? 0),
      BUYER._id,
      BASIC,
    );
    expect(order.amount).toBe(60.02);
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
    expect(holds.has(Math.round(first.amount * 100))).toBe(false);
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
