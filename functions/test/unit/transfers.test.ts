import { describe, expect, it } from 'vitest';
import { ORDER } from '@goldbot/shared';
import {
  AUTO_APPROVAL_WITHHELD,
  autoApprovalWithheld,
  bindingPolicy,
  chooseOrder,
  orderLookup,
  placeInLifetime,
  transferFromReceipt,
  transfersToWallet,
  unitsToCents,
} from '../../src/domain/commerce/transfers.js';
import { transactionInfoSchema } from '../../src/domain/commerce/tron.js';
import { openBasicOrder } from '../helpers/order-samples.js';
import { loadTronFixtures } from '../../../scripts/local/tron-double.js';

/**
 * Which order a transfer pays (transfers.ts): the order of its exact amount whose lifetime holds
 * its block time, at most one; ambiguity; and what the watcher reads from TronGrid's listing.
 */
const MIN = 60_000;
const NOW = Date.parse('2026-11-23T12:00:00.000Z');
const POLICY = bindingPolicy(ORDER.openMinutes, ORDER.graceMinutes);
const WALLET = 'TWsghcMkFXe1hnwZAWVQ9fUrZBtYv2aGJ8';

/** An order of 60.37 USDT created `createdMinutesAgo` before NOW, open for the default lifetime. */
const order = openBasicOrder;
const transfer = (blockTime: number, units = '60370000') => ({ units, blockTime });

describe('an order’s lifetime', () => {
  const o = order('A', NOW);
  it('holds its creation less the clock skew, its open time, and its expiry plus the grace', () => {
    expect(placeInLifetime(o, NOW - ORDER.skewMinutes * MIN - 1, POLICY)).toBeNull();
    expect(placeInLifetime(o, NOW - ORDER.skewMinutes * MIN, POLICY)).toBe('skew');
    expect(placeInLifetime(o, NOW, POLICY)).toBe('open');
    expect(placeInLifetime(o, o.expiresAt * 1000, POLICY)).toBe('open');
    expect(placeInLifetime(o, o.expiresAt * 1000 + ORDER.graceMinutes * MIN, POLICY)).toBe('grace');
    expect(placeInLifetime(o, o.expiresAt * 1000 + ORDER.graceMinutes * MIN + 1, POLICY)).toBeNull();
  });

  it('is looked up over a day and two lifetimes back, and the skew ahead', () => {
    const { fromIso, toIso } = orderLookup(NOW, POLICY);
    expect(Date.parse(toIso)).toBe(NOW + ORDER.skewMinutes * MIN);
    expect(NOW - Date.parse(fromIso)).toBeGreaterThan(24 * 60 * MIN + 2 * ORDER.openMinutes * MIN);
  });
});

describe('chooseOrder', () => {
  it('binds to the order whose lifetime holds the block time, and says whether it predates the order', () => {
    const a = order('A', NOW - 10 * MIN);
    expect(chooseOrder(transfer(NOW), [a], POLICY)).toEqual({
      kind: 'bind',
      order: a,
      ambiguous: null,
      predatesOrder: false,
    });
    const skewed = chooseOrder(transfer(NOW - 11 * MIN), [a], POLICY);
    expect(skewed).toMatchObject({ kind: 'bind', predatesOrder: true });
  });

  it('never binds an order that has its transfer: a second transfer of the amount is unmatched, order-paid', () => {
    const paid = order('A', NOW - 10 * MIN, {
      binding: { txid: 'x', paymentId: 'p', amount: '60.37', confirmedAt: '', boundAt: '' },
    });
    expect(chooseOrder(transfer(NOW), [paid], POLICY)).toEqual({
      kind: 'unmatched',
      reason: 'order-paid',
      closeOrders: [paid],
    });
  });

  it('a transfer after the order closed (past the grace) is late; one no order asked for is no-order', () => {
    const closed = order('A', NOW - (ORDER.openMinutes + ORDER.graceMinutes + 5) * MIN);
    expect(chooseOrder(transfer(NOW), [closed], POLICY)).toEqual({
      kind: 'unmatched',
      reason: 'late',
      closeOrders: [closed],
    });
    expect(chooseOrder(transfer(NOW), [], POLICY)).toEqual({ kind: 'unmatched', reason: 'no-order', closeOrders: [] });
    // A fraction of a cent: no order ever asks it.
    expect(chooseOrder(transfer(NOW, '60370001'), [order('A', NOW - MIN)], POLICY)).toMatchObject({
      kind: 'unmatched',
      reason: 'no-order',
    });
  });

  it('the late transfer stays the first customer’s: an order re-issued after it is not chosen', () => {
    // A's transfer was made while A was open and is read only now; B got the amount after A closed.
    const a = order('A', NOW - (ORDER.openMinutes + 30) * MIN);
    const b = order('B', NOW - 5 * MIN);
    const paidDuringA = NOW - (ORDER.openMinutes + 10) * MIN;
    expect(chooseOrder(transfer(paidDuringA), [b, a], POLICY)).toMatchObject({ kind: 'bind', order: a });
  });

  it('is ambiguous when the amount was re-issued within a day of an earlier order of it ending unpaid', () => {
    const earlier = order('A', NOW - (ORDER.openMinutes + 60) * MIN);
    const b = order('B', NOW - 10 * MIN);
    const choice = chooseOrder(transfer(NOW), [b, earlier], POLICY);
    expect(choice).toMatchObject({ kind: 'bind', order: b });
    expect(choice.kind === 'bind' && choice.ambiguous).toContain('ended unpaid');
    // An earlier order that was paid, or one that ended more than a day before, makes nothing ambiguous.
    const paid = { ...earlier, binding: { txid: 'x', paymentId: 'p', amount: '60.37', confirmedAt: '', boundAt: '' } };
    expect(chooseOrder(transfer(NOW), [b, paid], POLICY)).toMatchObject({ ambiguous: null });
    const longAgo = order('Z', NOW - (ORDER.openMinutes + 25 * 60) * MIN);
    expect(chooseOrder(transfer(NOW), [b, longAgo], POLICY)).toMatchObject({ ambiguous: null });
  });

  it('a TXID submitted for a newer order never moves the transfer off the order open when it was made', () => {
    const victim = order('V', NOW - 30 * MIN);
    const squatter = order('S', NOW + MIN, { claim: { paymentId: 'p', txid: 'ab'.repeat(32), at: '' } });
    const choice = chooseOrder({ ...transfer(NOW), txid: 'ab'.repeat(32) }, [squatter, victim], POLICY);
    expect(choice).toMatchObject({ kind: 'bind', order: victim });
  });

  it('an order that let its amount go binds only transfers made before (and the grace); its next holder gets the rest', () => {
    // A TXID was submitted for A 30 minutes ago (a claim frees the amount); B was given it since.
    const claimedAt = NOW - 30 * MIN;
    const claim = { paymentId: 'p', txid: 'ab'.repeat(32), at: new Date(claimedAt).toISOString() };
    const a = order('A', NOW - 40 * MIN, { claim, releasedAt: claim.at });
    const b = order('B', NOW - 20 * MIN);
    // Paid after B opened: B's, never A's (A's customer cannot take B's payment with a bogus TXID).
    expect(chooseOrder(transfer(NOW), [a, b], POLICY)).toMatchObject({ kind: 'bind', order: b });
    // Paid while A still asked for the amount, and named by A's claim: A's.
    const early = chooseOrder({ ...transfer(claimedAt - MIN), txid: claim.txid }, [a, b], POLICY);
    expect(early).toMatchObject({ kind: 'bind', order: a });
  });

  it('prefers the order open at the block time over one in its grace, and calls it ambiguous', () => {
    const closing = order('A', NOW - (ORDER.openMinutes + 3) * MIN);
    const fresh = order('B', NOW - 2 * MIN);
    const choice = chooseOrder(transfer(NOW), [closing, fresh], POLICY);
    expect(choice).toMatchObject({ kind: 'bind', order: fresh });
    expect(choice.kind === 'bind' && choice.ambiguous).toContain('also fits order A');
  });
});

describe('the automatic approval is withheld', () => {
  it('for an ambiguous binding, a payer who paid other customers, a transfer before the order', () => {
    expect(autoApprovalWithheld({ ambiguous: null, payerPaidOthers: false, predatesOrder: false })).toEqual([]);
    expect(autoApprovalWithheld({ ambiguous: 'x', payerPaidOthers: true, predatesOrder: true })).toEqual([
      AUTO_APPROVAL_WITHHELD.ambiguous,
      AUTO_APPROVAL_WITHHELD.payerPaidOthers,
      AUTO_APPROVAL_WITHHELD.predatesOrder,
    ]);
  });
});

describe('transfers from TRON', () => {
  it('one record per transaction to the wallet: several transfers of one transaction add up', () => {
    const rows = [
      { txid: 'AA'.repeat(32), from: 'TFrom1', to: WALLET, units: 30_000_000n, blockTime: NOW },
      { txid: 'aa'.repeat(32), from: 'TFrom2', to: WALLET, units: 30_370_000n, blockTime: NOW },
      { txid: 'bb'.repeat(32), from: 'TFrom1', to: 'TElsewhere', units: 5_000_000n, blockTime: NOW },
      { txid: 'cc'.repeat(32), from: 'TFrom1', to: WALLET, units: 0n, blockTime: NOW },
    ];
    const records = transfersToWallet(rows, WALLET, 'now');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      txid: 'aa'.repeat(32),
      from: 'TFrom1',
      units: '60370000',
      state: 'recorded',
      events: [
        { index: 0, from: 'TFrom1', units: '30000000' },
        { index: 1, from: 'TFrom2', units: '30370000' },
      ],
    });
  });

  it('a receipt paying the wallet is a transfer; one that failed or paid elsewhere is none', () => {
    const fixtures = loadTronFixtures();
    const info = (name: string) => transactionInfoSchema.parse(fixtures.get(name)?.response);
    const txid = fixtures.get('usdt-79-real')?.txid ?? '';
    expect(transferFromReceipt(txid, info('usdt-79-real'), WALLET, 'now')).toMatchObject({
      units: '79000000',
      blockNumber: 86738346,
      source: 'txid-check',
    });
    expect(transferFromReceipt(txid, info('usdt-3.5-to-another-address'), WALLET, 'now')).toBeNull();
    expect(transferFromReceipt(txid, info('trx-transfer'), WALLET, 'now')).toBeNull();
    expect(transferFromReceipt(txid, info('usdt-failed-out-of-energy'), WALLET, 'now')).toBeNull();
  });

  it('reads whole cents only', () => {
    expect(unitsToCents('60370000')).toBe(6037);
    expect(unitsToCents('60370001')).toBeNull();
  });
});
