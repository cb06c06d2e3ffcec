import { createHash } from 'node:crypto';
import * as z from '@goldbot/shared/zod';

/**
 * TRON as the payment pre-check reads it: a transaction receipt of
 * `/walletsolidity/gettransactioninfobyid` (docs: developers.tron.network gettransactioninfobyid,
 * tronprotocol.github.io TransactionInfo), the TRC20 `Transfer` logs of the USDT contract in it, and
 * TRON addresses (hex with the 0x41 prefix, shown as Base58Check T-addresses). Plain code, no I/O.
 */

/** USDT (TRC20) on TRON mainnet. */
export const USDT_CONTRACT = {
  address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  hex: '41a614f803b6fd780986a42c78ec9c7f77e6ded13c',
  decimals: 6,
} as const;

/** keccak256("Transfer(address,address,uint256)"): topic 0 of every ERC20/TRC20 transfer log. */
export const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** The byte every mainnet address starts with (`T` in Base58Check). */
const TRON_ADDRESS_PREFIX = '41';
const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

/** Base58 of `bytes`, leading zero bytes as leading '1's (Bitcoin's alphabet, as TRON uses it). */
export function base58Encode(bytes: Buffer): string {
  let value = BigInt(`0x${bytes.toString('hex') || '0'}`);
  let out = '';
  while (value > 0n) {
    out = (BASE58_ALPHABET[Number(value % 58n)] ?? '') + out;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    out = `1${out}`;
  }
  return out;
}

/** Base58Check: the payload and the first 4 bytes of its double SHA-256. */
export function base58CheckEncode(payload: Buffer): string {
  const checksum = sha256(sha256(payload)).subarray(0, 4);
  return base58Encode(Buffer.concat([payload, checksum]));
}

/**
 * A TRON address from hex: 20 bytes (an EVM-style log address or the last 20 bytes of a topic) or
 * 21 bytes already prefixed with 0x41; undefined for anything else.
 */
export function hexToTronAddress(hex: string): string | undefined {
  const clean = hex.trim().toLowerCase().replace(/^0x/, '');
  const prefixed = clean.length === 40 ? `${TRON_ADDRESS_PREFIX}${clean}` : clean;
  if (!/^41[0-9a-f]{40}$/.test(prefixed)) return undefined;
  return base58CheckEncode(Buffer.from(prefixed, 'hex'));
}

/** `1234500` micro-units as "1.2345" (no trailing zeros; the unit's 6 decimals at most). */
export function formatTokenAmount(units: bigint, decimals: number = USDT_CONTRACT.decimals): string {
  const negative = units < 0n;
  const abs = negative ? -units : units;
  const base = 10n ** BigInt(decimals);
  const whole = abs / base;
  const fraction = (abs % base).toString().padStart(decimals, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Whole US cents as USDT micro-units (1 USDT is taken as 1 USD, the product's price unit). */
export const centsToUsdtUnits = (cents: number): bigint => BigInt(Math.round(cents)) * 10n ** 4n;

/** A USDT amount in micro-units from a decimal number of USDT (e.g. the tolerance 0.5 → 500000n). */
export const usdtToUnits = (usdt: number): bigint => BigInt(Math.round(usdt * 10 ** USDT_CONTRACT.decimals));

// ---------------------------------------------------------------------------------------------
// The receipt

const logSchema = z.looseObject({
  address: z.optional(z.string()),
  topics: z.optional(z.array(z.string())),
  data: z.optional(z.string()),
});

/**
 * The fields of TransactionInfo the check reads; everything else (fee, contractResult,
 * internal_transactions...) passes through untouched. Read leniently: a field of an unexpected
 * type is a malformed answer, reported as such by the adapter.
 */
export const transactionInfoSchema = z.looseObject({
  id: z.optional(z.string()),
  blockNumber: z.optional(z.number()),
  /** Milliseconds since the epoch. */
  blockTimeStamp: z.optional(z.number()),
  contract_address: z.optional(z.string()),
  /** Execution of a contract call: SUCCESS, REVERT, OUT_OF_ENERGY...; absent for plain TRX transfers. */
  receipt: z.optional(z.looseObject({ result: z.optional(z.string()) })),
  /** 'FAILED' when the transaction failed (absent when it succeeded). */
  result: z.optional(z.string()),
  /** Why it failed, hex-encoded text. */
  resMessage: z.optional(z.string()),
  log: z.optional(z.array(logSchema)),
});
export type TransactionInfo = z.infer<typeof transactionInfoSchema>;

export interface TokenTransfer {
  /** T-addresses. */
  from: string;
  to: string;
  /** Micro-units (6 decimals for USDT). */
  units: bigint;
}

const normalizeHex = (hex: string) => hex.trim().toLowerCase().replace(/^0x/, '');

/** The log's emitting contract: TronGrid gives 20 bytes without the 41 prefix; 21 bytes are accepted too. */
const isUsdtContract = (address: string | undefined) => {
  if (address === undefined) return false;
  const hex = normalizeHex(address);
  return hex === USDT_CONTRACT.hex || `${TRON_ADDRESS_PREFIX}${hex}` === USDT_CONTRACT.hex;
};

/** The address in an indexed `address` topic: the last 20 of its 32 bytes. */
const topicAddress = (topic: string | undefined) => {
  if (topic === undefined) return undefined;
  const hex = normalizeHex(topic);
  return /^[0-9a-f]{64}$/.test(hex) ? hexToTronAddress(hex.slice(24)) : undefined;
};

/**
 * Every `Transfer(address,address,uint256)` log of the USDT contract in the receipt, in log order.
 * Logs of other contracts (a token calling itself "USDT"), other events (Approval) and malformed
 * logs are left out rather than trusted.
 */
export function usdtTransfers(info: TransactionInfo): TokenTransfer[] {
  const transfers: TokenTransfer[] = [];
  for (const log of info.log ?? []) {
    if (!isUsdtContract(log.address)) continue;
    const topics = log.topics ?? [];
    if (topics.length !== 3 || normalizeHex(topics[0] ?? '') !== TRANSFER_TOPIC) continue;
    const from = topicAddress(topics[1]);
    const to = topicAddress(topics[2]);
    const data = normalizeHex(log.data ?? '');
    if (!from || !to || !/^[0-9a-f]{64}$/.test(data)) continue;
    transfers.push({ from, to, units: BigInt(`0x${data}`) });
  }
  return transfers;
}

/** The receipt's failure, if it failed: the contract result (OUT_OF_ENERGY, REVERT...) or 'FAILED'. */
export function receiptFailure(info: TransactionInfo): string | undefined {
  const contractResult = info.receipt?.result;
  if (contractResult !== undefined && contractResult !== 'SUCCESS') return contractResult;
  if (info.result !== undefined && info.result !== 'SUCCESS' && info.result !== 'SUCESS') return info.result;
  return undefined;
}

/** `resMessage` as text (TronGrid hex-encodes it); undefined when absent or not hex. */
export function decodeResMessage(info: TransactionInfo): string | undefined {
  const hex = info.resMessage ? normalizeHex(info.resMessage) : '';
  if (hex === '' || !/^([0-9a-f]{2})+$/.test(hex)) return undefined;
  return Buffer.from(hex, 'hex').toString('utf8');
}

/**
 * The look-up the payment pre-check asks of TRON, and its failure. adapters/tron-api.ts answers it
 * over the TRON HTTP API; a test answers it with a double.
 */
export type TronLookup = { kind: 'found'; info: TransactionInfo } | { kind: 'unknown' };

export interface TronTransactionApi {
  /** `budgetMs`: the most this look-up may take with its retries (the caller's own deadline). */
  transactionInfo(txid: string, options?: { budgetMs?: number }): Promise<TronLookup>;
}

export class TronApiError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TronApiError';
  }
}

// ---------------------------------------------------------------------------------------------
// The TRC20 transfers to an account (the wallet watcher)

/**
 * One row of TronGrid's `GET /v1/accounts/{address}/transactions/trc20` (docs: developers.tron.network,
 * "TRC-20 transaction history"): a TRC20 Transfer event with its transaction id, token, block time,
 * sender, recipient and raw value. Read leniently: fields the watcher does not use pass through.
 */
export const trc20TransferRowSchema = z.looseObject({
  transaction_id: z.string(),
  token_info: z.looseObject({ address: z.string(), decimals: z.optional(z.number()) }),
  block_timestamp: z.number(),
  from: z.string(),
  to: z.string(),
  type: z.optional(z.string()),
  value: z.string(),
});
export type Trc20TransferRow = z.infer<typeof trc20TransferRowSchema>;

/** A page of the listing: its rows and, when more pages follow, the fingerprint of the next one. */
export const trc20ListingPageSchema = z.looseObject({
  success: z.optional(z.boolean()),
  data: z.array(z.unknown()),
  meta: z.optional(z.looseObject({ fingerprint: z.optional(z.string()), at: z.optional(z.number()) })),
});

/** The USDT transfers of a listing row set that the watcher trusts: the USDT contract, Transfer events, whole values. */
export function usdtListedTransfers(rows: readonly unknown[]): {
  transfers: { txid: string; from: string; to: string; units: bigint; blockTime: number }[];
  skipped: number;
} {
  const transfers: { txid: string; from: string; to: string; units: bigint; blockTime: number }[] = [];
  let skipped = 0;
  for (const raw of rows) {
    const parsed = trc20TransferRowSchema.safeParse(raw);
    const row = parsed.success ? parsed.data : null;
    if (
      !row ||
      row.token_info.address !== USDT_CONTRACT.address ||
      (row.type !== undefined && row.type !== 'Transfer') ||
      !/^\d{1,30}$/.test(row.value) ||
      !/^[0-9a-fA-F]{64}$/.test(row.transaction_id)
    ) {
      skipped += 1;
      continue;
    }
    transfers.push({
      txid: row.transaction_id.toLowerCase(),
      from: row.from,
      to: row.to,
      units: BigInt(row.value),
      blockTime: row.block_timestamp,
    });
  }
  return { transfers, skipped };
}

/** One page of the confirmed USDT transfers to an account, as the adapter hands it over. */
export interface TransferPage {
  transfers: { txid: string; from: string; to: string; units: bigint; blockTime: number }[];
  /** Rows left out as not USDT transfers (another token, a malformed row). */
  skipped: number;
  /** Where the next page starts; null on the last page. */
  fingerprint: string | null;
}

export interface TronTransferApi {
  /**
   * `GET /v1/accounts/{address}/transactions/trc20` with `only_to=true`, `only_confirmed=true`,
   * `contract_address` = USDT, `min_timestamp`, `max_timestamp` when given, `limit=200` and the
   * fingerprint of the page before: one page, newest first.
   */
  incomingUsdtPage(
    address: string,
    page: { minTimestamp: number; maxTimestamp?: number; fingerprint?: string },
    options?: { budgetMs?: number },
  ): Promise<TransferPage>;
}

/** The most rows TronGrid answers per page of an account listing. */
export const TRC20_PAGE_LIMIT = 200;
