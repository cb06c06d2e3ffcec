import { describe, expect, it } from 'vitest';
import { adminListQuerySchema } from '@goldbot/shared';
import { encodeCursor } from '../../src/data/cursor.js';
import {
  SEARCH_EVALUATION_BUDGET,
  listPaymentsForAdmin,
  looksLikeTxid,
  txidStartOf,
} from '../../src/domain/commerce/payment-lists.js';
import { FakeStore } from '../helpers/payment-review-fake.js';
import { SAMPLE_BUYER, pendingPayment } from '../helpers/payment-samples.js';

/** The admin's payment lists and their search against an in-memory store that records what it was asked. */
const query = (q: Record<string, string> = {}) => adminListQuerySchema.parse(q);

describe('listPaymentsForAdmin', () => {
  it('answers a page of rows with the summary from the aggregates (total = completed + pending + rejected)', async () => {
    const store = new FakeStore(pendingPayment());
    const list = await listPaymentsForAdmin({ store }, 'pending', query({ limit: '10' }));
    expect(list.summary).toEqual({ total: 6, pending: 2, completed: 3 });
    expect(list.nextCursor).toBe('next');
    expect(list.items[0]).toMatchObject({
      _id: pendingPayment()._id,
      userId: { _id: SAMPLE_BUYER._id, username: 'jane_doe', email: 'jane.doe@example.com' },
      walletAddress: 'EXAMPLE-USDT-TRC20-ADDRESS',
      network: 'TRC20',
    });
    expect(list.items[0]).not.toHaveProperty('searchText');
    expect(store.listCalls).toEqual([
      { list: 'pending', limit: 10, cursor: undefined, contains: undefined, budget: SEARCH_EVALUATION_BUDGET },
    ]);
  });

  it("fills the referrer's e-mail the submit did not store, with one lookup for the page", async () => {
    const referred = pendingPayment({
      referralUserId: 'referrer-1',
      referrerUsername: 'ref_user',
      referrerEmail: null,
    });
    const store = new FakeStore(referred);
    store.referrerEmails.set('referrer-1', 'ref@example.com');
    const list = await listPaymentsForAdmin({ store }, 'pending', query({}));
    expect(list.items[0]?.referralUserId).toEqual({
      _id: 'referrer-1',
      username: 'ref_user',
      email: 'ref@example.com',
    });
    expect(store.emailLookups).toBe(1);
  });

  it('looks nothing up when no row has a referrer without an e-mail', async () => {
    const store = new FakeStore(pendingPayment());
    await listPaymentsForAdmin({ store }, 'pending', query({}));
    expect(store.emailLookups).toBe(0);
  });

  it('searches by a lower-cased substring through the bounded page filter', async () => {
    const store = new FakeStore(pendingPayment());
    await listPaymentsForAdmin({ store }, 'all', query({ search: '  Jane.DOE@ ', cursor: 'abc' }));
    expect(store.listCalls).toEqual([
      { list: 'all', limit: 50, cursor: 'abc', contains: 'jane.doe@', budget: SEARCH_EVALUATION_BUDGET },
    ]);
  });

  it('answers a TXID with the one payment its marker names, without a list query', async () => {
    const payment = pendingPayment();
    const store = new FakeStore(payment);
    store.markers.set(payment.txidNormalized, payment._id);
    const list = await listPaymentsForAdmin({ store }, 'all', query({ search: payment.transactionId.toUpperCase() }));
    expect(list.items.map((p) => p._id)).toEqual([payment._id]);
    expect(list.nextCursor).toBeNull();
    expect(store.listCalls).toEqual([]);
  });

  it('leaves a decided payment out of the pending list even when its TXID is searched', async () => {
    const payment = pendingPayment({ status: 'completed' });
    const store = new FakeStore(payment);
    store.markers.set(payment.txidNormalized, payment._id);
    const list = await listPaymentsForAdmin({ store }, 'pending', query({ search: payment.transactionId }));
    expect(list.items).toEqual([]);
    expect(store.listCalls).toEqual([]);
  });

  it('falls back to the page filter when a TXID-looking query names no marker (it may be a username)', async () => {
    const store = new FakeStore(pendingPayment());
    await listPaymentsForAdmin({ store }, 'all', query({ search: 'JaneDoe2026' }));
    expect(store.listCalls).toEqual([expect.objectContaining({ contains: 'janedoe2026' })]);
  });

  const markerCursor = (txid: string) =>
    encodeCursor({ PK: `TXID#${txid}`, SK: 'TXID', GSI2PK: `TXIDS#${txid.slice(0, 2)}`, GSI2SK: txid }) ?? '';

  it("answers the start of a TXID from the markers' prefix search, with its cursor, and no list query", async () => {
    const payment = pendingPayment();
    const store = new FakeStore(payment);
    store.txidStartCursor = markerCursor(payment.txidNormalized);
    const list = await listPaymentsForAdmin({ store }, 'all', query({ search: ' 0xA1B2C3 ', limit: '20' }));
    expect(store.txidStartCalls).toEqual([{ list: 'all', prefix: 'a1b2c3', limit: 20, cursor: undefined }]);
    expect(list.items.map((p) => p._id)).toEqual([payment._id]);
    expect(list.nextCursor).toBe(store.txidStartCursor);
    expect(store.listCalls).toEqual([]);
  });

  it('pages on through the prefix search with its own cursor, even when the page has no row', async () => {
    const store = new FakeStore(pendingPayment({ status: 'completed' }));
    const cursor = markerCursor('a1b2ff');
    const list = await listPaymentsForAdmin({ store }, 'pending', query({ search: 'a1b2', cursor }));
    expect(store.txidStartCalls).toEqual([{ list: 'pending', prefix: 'a1b2', limit: 50, cursor }]);
    expect(list.items).toEqual([]);
    expect(store.listCalls).toEqual([]);
  });

  it('falls back to the page filter when no TXID starts with a hex term (it may be part of a name)', async () => {
    const store = new FakeStore(pendingPayment());
    await listPaymentsForAdmin({ store }, 'all', query({ search: 'beef' }));
    expect(store.txidStartCalls).toHaveLength(1);
    expect(store.listCalls).toEqual([expect.objectContaining({ contains: 'beef', cursor: undefined })]);
  });

  it('continues the page filter, not the prefix search, with a cursor the page filter handed out', async () => {
    const store = new FakeStore(pendingPayment());
    const listCursor = encodeCursor({ PK: 'PAYMENT#P', SK: 'PAYMENT#P', GSI1PK: 'PAYMENTS', GSI1SK: '2026' }) ?? '';
    await listPaymentsForAdmin({ store }, 'all', query({ search: 'beef', cursor: listCursor }));
    expect(store.txidStartCalls).toEqual([]);
    expect(store.listCalls).toEqual([expect.objectContaining({ contains: 'beef', cursor: listCursor })]);
  });

  it('takes 4 or more hex digits, a 0x allowed, as the start of a TXID', () => {
    expect(txidStartOf('a1b2')).toBe('a1b2');
    expect(txidStartOf('0xA1B2C3')).toBe('a1b2c3');
    expect(txidStartOf('a1b')).toBe(null);
    expect(txidStartOf('0xa1b')).toBe(null);
    expect(txidStartOf('jane')).toBe(null);
    expect(txidStartOf('a1b2-c3')).toBe(null);
    expect(txidStartOf('a'.repeat(129))).toBe(null);
  });

  it('knows what a TXID looks like', () => {
    expect(looksLikeTxid('a1b2c3d4e5')).toBe(true);
    expect(looksLikeTxid('a1b2c3d4e')).toBe(false);
    expect(looksLikeTxid('jane.doe@example.com')).toBe(false);
    expect(looksLikeTxid('x'.repeat(129))).toBe(false);
  });
});
