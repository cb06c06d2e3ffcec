import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  TRANSFER_TOPIC,
  USDT_CONTRACT,
  base58CheckEncode,
  base58Encode,
  centsToUsdtUnits,
  decodeResMessage,
  formatTokenAmount,
  hexToTronAddress,
  receiptFailure,
  transactionInfoSchema,
  usdtToUnits,
  usdtTransfers,
  type TransactionInfo,
} from '../../src/domain/commerce/tron.js';
import { loadTronFixtures } from '../../../scripts/local/tron-double.js';

/**
 * Decoding TRON receipts against the real mainnet receipts of the local double's fixtures
 * (scripts/local/tron-fixtures, each naming its source): Base58Check addresses, the uint256 amount
 * with 6 decimals, several logs, other contracts and events, failed receipts.
 */
const fixtures = loadTronFixtures();
function receipt(name: string): TransactionInfo {
  const fixture = fixtures.get(name);
  if (!fixture) throw new Error(`no fixture ${name}`);
  return transactionInfoSchema.parse(fixture.response);
}

const LOCAL_WALLET = 'TWsghcMkFXe1hnwZAWVQ9fUrZBtYv2aGJ8';
const SENDER = 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL';

describe('TRON addresses (hex → 0x41 prefix → Base58Check)', () => {
  it('turns the USDT contract’s hex into its well-known T-address', () => {
    expect(hexToTronAddress(USDT_CONTRACT.hex)).toBe(USDT_CONTRACT.address);
    expect(hexToTronAddress(USDT_CONTRACT.hex.slice(2))).toBe(USDT_CONTRACT.address);
    expect(hexToTronAddress(`0x${USDT_CONTRACT.hex.slice(2).toUpperCase()}`)).toBe(USDT_CONTRACT.address);
  });

  it('decodes the recipient of the real 79-USDT receipt (topic 2, last 20 bytes)', () => {
    expect(hexToTronAddress('e54f448d91153818a4573d6c151171ce8e607bbe')).toBe(LOCAL_WALLET);
  });

  it('appends the first 4 bytes of the double SHA-256 as the checksum', () => {
    const payload = Buffer.from(`41${'e54f448d91153818a4573d6c151171ce8e607bbe'}`, 'hex');
    const checksum = createHash('sha256').update(createHash('sha256').update(payload).digest()).digest();
    expect(base58CheckEncode(payload)).toBe(base58Encode(Buffer.concat([payload, checksum.subarray(0, 4)])));
    // One flipped bit anywhere gives another address (and a checksum a wallet app would refuse).
    const flipped = Buffer.from(payload);
    flipped[20] = (flipped[20] ?? 0) ^ 1;
    expect(base58CheckEncode(flipped)).not.toBe(LOCAL_WALLET);
  });

  it('keeps leading zero bytes as leading 1s', () => {
    expect(base58Encode(Buffer.from([0, 0, 1]))).toBe('112');
    expect(base58Encode(Buffer.alloc(0))).toBe('');
  });

  it('refuses anything that is not 20 bytes or 21 bytes starting with 41', () => {
    expect(hexToTronAddress('e54f448d91153818a4573d6c151171ce8e607b')).toBeUndefined();
    expect(hexToTronAddress(`42${'00'.repeat(20)}`)).toBeUndefined();
    expect(hexToTronAddress('zz'.repeat(20))).toBeUndefined();
  });
});

describe('USDT amounts (uint256, 6 decimals)', () => {
  it('formats micro-units without trailing zeros', () => {
    expect(formatTokenAmount(79_000_000n)).toBe('79');
    expect(formatTokenAmount(3_500_000n)).toBe('3.5');
    expect(formatTokenAmount(1n)).toBe('0.000001');
    expect(formatTokenAmount(0n)).toBe('0');
    expect(formatTokenAmount(2n ** 256n - 1n)).toMatch(
      /^115792089237316195423570985008687907853269984665640564039457584007913129\./,
    );
  });

  it('converts cents and USDT to micro-units', () => {
    expect(centsToUsdtUnits(6_000)).toBe(60_000_000n);
    expect(centsToUsdtUnits(5_999)).toBe(59_990_000n);
    expect(usdtToUnits(0.5)).toBe(500_000n);
    expect(usdtToUnits(0)).toBe(0n);
  });
});

describe('usdtTransfers on real mainnet receipts', () => {
  it('the 79-USDT transfer: sender, recipient and amount', () => {
    expect(usdtTransfers(receipt('usdt-79-real'))).toEqual([{ from: SENDER, to: LOCAL_WALLET, units: 79_000_000n }]);
    expect(receiptFailure(receipt('usdt-79-real'))).toBeUndefined();
  });

  it('the 3.5-USDT transfer to another address', () => {
    expect(usdtTransfers(receipt('usdt-3.5-to-another-address'))).toEqual([
      { from: 'TJoaVSdktrnndU4dmKm33SWMKoXt4LLFbU', to: 'TUikLT3nTTjTkXPAuC4xUGj84vfSERCWRn', units: 3_500_000n },
    ]);
  });

  it('a failed USDT call: OUT_OF_ENERGY, no transfer, its message decoded', () => {
    const failed = receipt('usdt-failed-out-of-energy');
    expect(receiptFailure(failed)).toBe('OUT_OF_ENERGY');
    expect(usdtTransfers(failed)).toEqual([]);
    expect(decodeResMessage(failed)).toMatch(/^Not enough energy for 'SSTORE' operation executing/);
  });

  it('a TRX transfer: no contract result, no log, not a failure', () => {
    const trx = receipt('trx-transfer');
    expect(receiptFailure(trx)).toBeUndefined();
    expect(usdtTransfers(trx)).toEqual([]);
  });
});

describe('usdtTransfers on look-alikes', () => {
  const real = receipt('usdt-79-real');
  const log = real.log?.[0] ?? {};
  const topics = log.topics ?? [];

  it('several logs: only USDT Transfer events count, in order', () => {
    expect(usdtTransfers(receipt('several-logs'))).toEqual([
      { from: SENDER, to: LOCAL_WALLET, units: 30_000_000n },
      { from: SENDER, to: 'TUikLT3nTTjTkXPAuC4xUGj84vfSERCWRn', units: 5_000_000n },
      { from: SENDER, to: LOCAL_WALLET, units: 30_000_000n },
    ]);
  });

  it('the same event from a contract that is not USDT counts for nothing', () => {
    expect(usdtTransfers(receipt('other-token'))).toEqual([]);
    expect(usdtTransfers({ ...real, log: [{ ...log, address: 'ab'.repeat(20) }] })).toEqual([]);
  });

  it('accepts the contract address with the 41 prefix or 0x', () => {
    expect(usdtTransfers({ ...real, log: [{ ...log, address: USDT_CONTRACT.hex }] })).toHaveLength(1);
    expect(usdtTransfers({ ...real, log: [{ ...log, address: `0x${USDT_CONTRACT.hex.slice(2)}` }] })).toHaveLength(1);
  });

  it('ignores an Approval, a missing topic and malformed data rather than trusting them', () => {
    const approval = '8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925';
    expect(usdtTransfers({ ...real, log: [{ ...log, topics: [approval, ...topics.slice(1)] }] })).toEqual([]);
    expect(usdtTransfers({ ...real, log: [{ ...log, topics: topics.slice(0, 2) }] })).toEqual([]);
    expect(usdtTransfers({ ...real, log: [{ ...log, data: 'zz' }] })).toEqual([]);
    expect(usdtTransfers({ ...real, log: [{ ...log, data: `${log.data ?? ''}00` }] })).toEqual([]);
    expect(usdtTransfers({ ...real, log: [{ ...log, topics: [TRANSFER_TOPIC, 'x', topics[2] ?? ''] }] })).toEqual([]);
    expect(usdtTransfers({ ...real, log: undefined })).toEqual([]);
  });

  it('a uint256 larger than any float still decodes exactly', () => {
    const huge = 'f'.repeat(64);
    expect(usdtTransfers({ ...real, log: [{ ...log, data: huge }] })[0]?.units).toBe(2n ** 256n - 1n);
  });
});

describe('receiptFailure', () => {
  it('reads the contract result first, then the transaction result', () => {
    expect(receiptFailure({ receipt: { result: 'REVERT' } })).toBe('REVERT');
    expect(receiptFailure({ receipt: { result: 'SUCCESS' } })).toBeUndefined();
    expect(receiptFailure({ result: 'FAILED', receipt: {} })).toBe('FAILED');
    expect(receiptFailure({ result: 'SUCESS' })).toBeUndefined();
  });

  it('leaves resMessage alone when it is not hex', () => {
    expect(decodeResMessage({ resMessage: 'not hex' })).toBeUndefined();
    expect(decodeResMessage({})).toBeUndefined();
  });
});
