import { randomBytes } from 'node:crypto';
import { base58 } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type * as z from '../src/zod.js';
import {
  REFUND,
  REFUND_MESSAGES,
  adminRefundsQuerySchema,
  canonicalTxid,
  isTronAddress,
  refundApproveInputSchema,
  refundRefuseInputSchema,
  refundRequestInputSchema,
} from '../src/index.js';

/**
 * The refund contracts: a TRC20 address checked to its Base58Check checksum (the spec's sentence
 * when it is not one), a reason, a payout TXID in the canonical spelling of payment TXIDs, and the
 * admin list's statuses.
 */
const ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';

/** A TRON address built the way the network builds one: 0x41, 20 bytes, and the checksum. */
const tronAddressOf = (account: Uint8Array) => {
  const payload = Uint8Array.from([0x41, ...account]);
  return base58.encode(Uint8Array.from([...payload, ...sha256(sha256(payload)).subarray(0, 4)]));
};

function fieldErrors(result: z.util.SafeParseResult<unknown>): Record<string, string> {
  const out: Record<string, string> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) out[issue.path.join('.') || '(root)'] ??= issue.message;
  return out;
}
const request = (input: Record<string, unknown>) =>
  fieldErrors(
    refundRequestInputSchema.safeParse({
      paymentId: '01KDX4A7Q2M9V3T8R5N6P1W0ZC',
      trc20Address: ADDRESS,
      reason: 'x',
      ...input,
    }),
  );

describe('a TRON address', () => {
  it('is a TRON address only with its version byte and matching checksum', () => {
    expect(isTronAddress(ADDRESS)).toBe(true);
    expect(isTronAddress('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(true);
    // One character changed: the shape is right, the checksum is not.
    expect(isTronAddress('TJRabPrwbZy45sbavfcjinPJC18kjpRTv9')).toBe(false);
    expect(isTronAddress('TJRabPrwbZy45sbavfcjinPJC18kjpRTv')).toBe(false);
    expect(isTronAddress('0JRabPrwbZy45sbavfcjinPJC18kjpRTv8')).toBe(false);
    expect(isTronAddress('')).toBe(false);
  });

  it('accepts every address the network can make, and refuses every single-character change (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), fc.nat(32), (account, at) => {
        const address = tronAddressOf(account);
        expect(isTronAddress(address)).toBe(true);
        const i = 1 + (at % 33);
        const swapped = address[i] === 'z' ? 'y' : 'z';
        expect(isTronAddress(`${address.slice(0, i)}${swapped}${address.slice(i + 1)}`)).toBe(false);
      }),
    );
    expect(isTronAddress(tronAddressOf(randomBytes(20)))).toBe(true);
  });
});

describe('the refund request', () => {
  it('takes a payment, a TRC20 address and a reason, trimmed', () => {
    expect(request({})).toEqual({});
    const parsed = refundRequestInputSchema.parse({
      paymentId: ' 01KDX4A7Q2M9V3T8R5N6P1W0ZC ',
      trc20Address: ` ${ADDRESS} `,
      reason: '  Not for me  ',
    });
    expect(parsed).toEqual({ paymentId: '01KDX4A7Q2M9V3T8R5N6P1W0ZC', trc20Address: ADDRESS, reason: 'Not for me' });
  });

  it("says the spec's sentence for an address that is not a TRC20 one, whatever is wrong with it", () => {
    expect(request({ trc20Address: '' })).toEqual({ trc20Address: REFUND_MESSAGES.addressRequired });
    for (const wrong of ['TJRabPrwbZy45sbavfcjinPJC18kjpRTv9', 'TJRab', '0x1234567890abcdef1234567890abcdef12']) {
      expect(request({ trc20Address: wrong })).toEqual({ trc20Address: REFUND_MESSAGES.addressInvalid });
    }
    expect(REFUND_MESSAGES.addressInvalid).toBe('Please enter a valid TRC20 address');
  });

  it('needs a reason of at most 1000 characters and a payment id', () => {
    expect(request({ reason: '   ' })).toEqual({ reason: REFUND_MESSAGES.reasonRequired });
    expect(request({ reason: 'x'.repeat(REFUND.reasonMaxLength + 1) })).toEqual({
      reason: REFUND_MESSAGES.reasonTooLong,
    });
    expect(request({ paymentId: '' })).toEqual({ paymentId: REFUND_MESSAGES.paymentRequired });
    expect(request({ paymentId: '../PAYMENT' })).toEqual({ paymentId: REFUND_MESSAGES.paymentNotFound });
  });
});

describe('the decisions', () => {
  const TXID = '5c8e2f0a9b7d6c4e3f1a2b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e';

  it('keeps the payout TXID in the canonical spelling of payment TXIDs: trimmed, no 0x, lower case', () => {
    expect(canonicalTxid(` 0X${TXID.toUpperCase()} `)).toBe(TXID);
    expect(refundApproveInputSchema.parse({ payoutTxid: ` 0x${TXID.toUpperCase()}` })).toEqual({
      payoutTxid: TXID,
      note: null,
    });
    expect(fieldErrors(refundApproveInputSchema.safeParse({ payoutTxid: '' }))).toEqual({
      payoutTxid: REFUND_MESSAGES.payoutTxidRequired,
    });
    for (const wrong of [TXID.slice(1), `${TXID}0`, `${TXID.slice(1)}g`]) {
      expect(fieldErrors(refundApproveInputSchema.safeParse({ payoutTxid: wrong }))).toEqual({
        payoutTxid: REFUND_MESSAGES.payoutTxidInvalid,
      });
    }
    expect(
      fieldErrors(refundApproveInputSchema.safeParse({ payoutTxid: TXID, note: 'x'.repeat(REFUND.noteMaxLength + 1) })),
    ).toEqual({ note: REFUND_MESSAGES.noteTooLong });
  });

  it('refuses only with a reason', () => {
    expect(fieldErrors(refundRefuseInputSchema.safeParse({ reason: ' ' }))).toEqual({
      reason: REFUND_MESSAGES.refusalRequired,
    });
    expect(refundRefuseInputSchema.parse({ reason: ' A profit month ' })).toEqual({ reason: 'A profit month' });
  });

  it('lists the pending requests unless a status is asked for', () => {
    expect(adminRefundsQuerySchema.parse({})).toMatchObject({ status: 'pending' });
    expect(adminRefundsQuerySchema.parse({ status: 'refused', limit: '5' })).toMatchObject({
      status: 'refused',
      limit: 5,
    });
    expect(adminRefundsQuerySchema.safeParse({ status: 'all' }).success).toBe(false);
  });
});
