import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { basename, join } from 'node:path';
import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';
import * as z from '@goldbot/shared/zod';
import { tronFault, type FaultInjector, type TronFaultKind } from './faults.js';

/**
 * The local stand-in for TronGrid's HTTP API. `POST /walletsolidity/gettransactioninfobyid`
 * with `{"value": txid}` answers from the fixture files in scripts/local/tron-fixtures (each names
 * its source; see the README there), and `{}` for any other id, as the real API does.
 * `GET /v1/accounts/{address}/transactions/trc20` answers the account's USDT transfers (the wallet
 * watcher's listing) from the listing fixtures in tron-fixtures/listings plus the transfers recorded
 * with `POST /__double/transfer`, newest first, filtered and paged like TronGrid. `npm start` and
 * the integration suite run it on a port of its own and hand its URL to the functions as
 * TRON_API_URL. Never deployed.
 *
 * Test switches, per fixture (`_double`): `blockTimeStamp: "recent"` (the answer's block time is a
 * minute before the request, so a fresh payment matches), `delayMs` (a slow answer: the adapter's
 * timeout), `status` with optional `times` (e.g. 429 always, or only for the first look-up).
 * Helper endpoints for tests and developers, answered on loopback only:
 * - `POST /__double/transfer {to, amount, from?, txid?, blockTimestamp?}` records a confirmed USDT
 *   transfer (now, or at `blockTimestamp` for one confirmed late) and answers `{txid}`: it is in the
 *   listing of `to` and its receipt answers its TXID. `amount` is USDT, a decimal string or number.
 * - `POST /__double/fail {path, calls, status?, kind?}`: the next `calls` requests to `path` fail
 *   with `status` (default 500; 429 carries Retry-After), or with `kind` `timeout` (no answer until
 *   the caller gives up) or `not-json` (200 with an HTML body, as a proxy's error page), to show
 *   that nothing is skipped.
 * - `POST /__double/alias {txid, fixture, amount?, to?}` answers a new id like a fixture (a TXID can
 *   pay only once, so each test payment needs its own id), its USDT transfer carrying `amount` when
 *   given (a payment order's exact amount) and going to the T-address `to` when given (a
 *   withdrawal's payout to its customer).
 * - `GET /__double/calls?txid=` counts the look-ups of an id, `GET /__double/calls?path=` the requests to a path.
 *
 * Injected faults (faults.ts, `FAULTS=tron:0.2` or a bare rate): with the local stack's fault
 * injector, a seeded share of the look-ups (`tron.GetTransactionInfoById`) and listings
 * (`tron.ListTransfers`) fail with one of the four failures of `/__double/fail`, counted in the injector's tally and off when
 * the injector is turned off.
 */
export const TRON_DOUBLE_PATH = '/walletsolidity/gettransactioninfobyid';
export const DEFAULT_FIXTURES_DIR = join(import.meta.dirname, 'tron-fixtures');

const fixtureFileSchema = z.object({
  _source: z.string().check(z.minLength(1)),
  _note: z.optional(z.string()),
  /** The id of a fixture whose response has none (the empty answer for unknown ids). */
  _txid: z.optional(z.string().check(z.regex(/^[0-9a-f]{64}$/))),
  _double: z.optional(
    z.object({
      blockTimeStamp: z.optional(z.literal('recent')),
      delayMs: z.optional(z.number().check(z.int(), z.gte(0), z.lte(60_000))),
      status: z.optional(z.number().check(z.int(), z.gte(400), z.lte(599))),
      times: z.optional(z.number().check(z.int(), z.gte(1))),
    }),
  ),
  response: z.record(z.string(), z.unknown()),
});

export interface TronFixture {
  /** The file name without `.json`, e.g. `usdt-60-basic`. */
  name: string;
  txid: string;
  source: string;
  behaviour: NonNullable<z.infer<typeof fixtureFileSchema>['_double']>;
  response: Record<string, unknown>;
}

/** Every fixture of `dir`, by name; a malformed file fails loudly at start-up. */
export function loadTronFixtures(dir: string = DEFAULT_FIXTURES_DIR): Map<string, TronFixture> {
  const fixtures = new Map<string, TronFixture>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.json'))) {
    const parsed = fixtureFileSchema.safeParse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
    if (!parsed.success) throw new Error(`TRON fixture ${file}: ${parsed.error.message}`);
    const txid = parsed.data._txid ?? parsed.data.response.id;
    if (typeof txid !== 'string' || !/^[0-9a-f]{64}$/.test(txid)) {
      throw new Error(`TRON fixture ${file}: needs response.id or _txid (64 lower-case hex characters)`);
    }
    const name = basename(file, '.json');
    fixtures.set(name, {
      name,
      txid,
      source: parsed.data._source,
      behaviour: parsed.data._double ?? {},
      response: parsed.data.response,
    });
  }
  return fixtures;
}

/** A fixture's TXID by name (tests and docs refer to fixtures by name). */
export function fixtureTxid(name: string, dir: string = DEFAULT_FIXTURES_DIR): string {
  const fixture = loadTronFixtures(dir).get(name);
  if (!fixture) throw new Error(`No TRON fixture named ${name}`);
  return fixture.txid;
}

/** TRON produces a block every 3 s. */
const BLOCK_MS = 3_000;

/** The answer body of `fixture` for a look-up of `txid` at `now`. */
export function fixtureAnswer(fixture: TronFixture, txid: string, now: number): Record<string, unknown> {
  if (Object.keys(fixture.response).length === 0) return {};
  const answer: Record<string, unknown> = { ...fixture.response, id: txid };
  if (fixture.behaviour.blockTimeStamp === 'recent') {
    answer.blockTimeStamp = Math.floor((now - 60_000) / BLOCK_MS) * BLOCK_MS;
  }
  return answer;
}

/** The ERC-20/TRC-20 Transfer event's topic. */
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
/** A USDT amount: up to 6 decimals (USDT's own precision). */
const USDT_AMOUNT = /^\d{1,9}(\.\d{1,6})?$/;

/** Base58Check, as TRON spells addresses (the checksum is a double SHA-256). */
const bs58check = createBase58check(sha256);

/**
 * The 20-byte account id of a TRON T-address as a Transfer log's address topic carries it (32 bytes,
 * left-padded); undefined unless it is Base58Check of 0x41 and 20 bytes.
 */
export function addressTopic(address: string): string | undefined {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return undefined;
  try {
    const bytes = bs58check.decode(address);
    if (bytes.length !== 21 || bytes[0] !== 0x41) return undefined;
    return `000000000000000000000000${Buffer.from(bytes).subarray(1).toString('hex')}`;
  } catch {
    return undefined;
  }
}

/**
 * `fixture` with every Transfer log carrying `usdt` instead and, with `to`, going to that T-address:
 * a payment order asks for an exact amount (the price plus its tag), and a withdrawal is paid to its
 * customer's address, so a developer or a test aliases a new TXID to a fixture paying it.
 */
export function withTransfer(fixture: TronFixture, change: { usdt?: string; to?: string }): TronFixture {
  const units =
    change.usdt === undefined
      ? undefined
      : (([whole = '0', fraction = '']) => BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0')))(
          change.usdt.split('.'),
        );
  const toTopic = change.to === undefined ? undefined : addressTopic(change.to);
  if (change.to !== undefined && toTopic === undefined) throw new Error(`Not a TRON address: ${change.to}`);
  const log = Array.isArray(fixture.response.log) ? (fixture.response.log as Record<string, unknown>[]) : [];
  const labels = [change.usdt === undefined ? '' : `${change.usdt} USDT`, change.to ? `to ${change.to}` : '']
    .filter(Boolean)
    .join(' ');
  return {
    ...fixture,
    name: `${fixture.name} (${labels})`,
    response: {
      ...fixture.response,
      log: log.map((entry) => {
        if (!Array.isArray(entry.topics) || entry.topics[0] !== TRANSFER_TOPIC) return entry;
        const topics = entry.topics as string[];
        return {
          ...entry,
          ...(units === undefined ? {} : { data: units.toString(16).padStart(64, '0') }),
          ...(toTopic === undefined ? {} : { topics: [topics[0], topics[1], toTopic] }),
        };
      }),
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The account listing (GET /v1/accounts/{address}/transactions/trc20)

export const DEFAULT_LISTINGS_DIR = join(DEFAULT_FIXTURES_DIR, 'listings');
/** USDT on TRON mainnet, as the listing's `token_info` names it. */
const USDT_TOKEN_INFO = {
  symbol: 'USDT',
  address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  decimals: 6,
  name: 'Tether USD',
} as const;
/** The sender of a recorded transfer that names none (a real mainnet address of the fixtures' receipt). */
export const DOUBLE_DEFAULT_SENDER = 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL';
const LISTING_PATH = /^\/v1\/accounts\/([^/]+)\/transactions\/trc20$/;

/** One row of the listing, field for field as TronGrid answers it. */
export interface ListingRow {
  transaction_id: string;
  token_info: { symbol: string; address: string; decimals: number; name: string };
  block_timestamp: number;
  from: string;
  to: string;
  type: string;
  value: string;
}

const listingFileSchema = z.object({
  _source: z.string().check(z.minLength(1)),
  _note: z.optional(z.string()),
  response: z.object({
    data: z.array(
      z.object({
        transaction_id: z.string().check(z.regex(/^[0-9a-f]{64}$/)),
        token_info: z.object({ symbol: z.string(), address: z.string(), decimals: z.number(), name: z.string() }),
        block_timestamp: z.number(),
        from: z.string(),
        to: z.string(),
        type: z.string(),
        value: z.string().check(z.regex(/^\d+$/)),
      }),
    ),
    success: z.boolean(),
    meta: z.object({ at: z.number(), page_size: z.number() }),
  }),
});

/** The rows of every listing fixture; a malformed file fails loudly at start-up. */
export function loadListingRows(dir: string = DEFAULT_LISTINGS_DIR): ListingRow[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .flatMap((file) => {
      const parsed = listingFileSchema.safeParse(JSON.parse(readFileSync(join(dir, file), 'utf8')));
      if (!parsed.success) throw new Error(`TRON listing fixture ${file}: ${parsed.error.message}`);
      return parsed.data.response.data;
    });
}

/** The micro-units of a USDT amount (`"60.37"` or 60.37), or null when it is not one. */
export function usdtUnits(amount: unknown): bigint | null {
  const text = typeof amount === 'number' && Number.isFinite(amount) ? amount.toFixed(6).replace(/\.?0+$/, '') : amount;
  if (typeof text !== 'string' || !USDT_AMOUNT.test(text)) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  const units = BigInt(whole) * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
  return units > 0n ? units : null;
}

const isTAddress = (value: unknown): value is string => typeof value === 'string' && addressTopic(value) !== undefined;

/** The log topic of a T-address the double has already checked (a recorded transfer's ends). */
function checkedTopic(address: string): string {
  const topic = addressTopic(address);
  if (topic === undefined) throw new Error(`Not a TRON address: ${address}`);
  return topic;
}

/**
 * The receipt of a recorded transfer: the built USDT receipt's fields (usdt-60-basic.json, itself
 * in the format of the real ones) with this transfer's id, block time, sender, recipient and value.
 */
function receiptOf(template: TronFixture, row: ListingRow): TronFixture {
  const log = Array.isArray(template.response.log) ? (template.response.log as Record<string, unknown>[]) : [];
  return {
    ...template,
    name: `transfer ${row.transaction_id}`,
    behaviour: {},
    response: {
      ...template.response,
      id: row.transaction_id,
      blockTimeStamp: row.block_timestamp,
      log: log.map((entry) => ({
        ...entry,
        topics: [TRANSFER_TOPIC, checkedTopic(row.from), checkedTopic(row.to)],
        data: BigInt(row.value).toString(16).padStart(64, '0'),
      })),
    },
  };
}

/** Opaque to callers, like TronGrid's: where the next page starts in the filtered, ordered rows. */
const encodeFingerprint = (offset: number) => Buffer.from(`offset:${offset}`).toString('base64url');
function decodeFingerprint(fingerprint: string | null): number | null {
  if (fingerprint === null || fingerprint === '') return 0;
  const match = /^offset:(\d+)$/.exec(Buffer.from(fingerprint, 'base64url').toString('utf8'));
  return match ? Number(match[1]) : null;
}

const MAX_BODY_BYTES = 16 * 1024;

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return text === '' ? {} : (JSON.parse(text) as unknown);
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

export interface TronDoubleOptions {
  /** The local stack's fault injector: its `tron` rates fail the API endpoints (faults.ts). */
  faults?: FaultInjector;
  /** How long a `timeout` fault holds the request before closing it, unless the caller gives up first. */
  hangMs?: number;
  fixturesDir?: string;
  listingsDir?: string;
  now?: () => number;
  log?: (line: string) => void;
}

/** The helper endpoints answer only callers on this machine. */
const isLoopback = (req: IncomingMessage) => {
  const address = req.socket.remoteAddress ?? '';
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
};

export function createTronDouble(options: TronDoubleOptions = {}): Server {
  const byName = loadTronFixtures(options.fixturesDir);
  const byTxid = new Map([...byName.values()].map((f) => [f.txid, f]));
  const calls = new Map<string, number>();
  const pathCalls = new Map<string, number>();
  const failures = new Map<string, { calls: number; status: number; kind: TronFaultKind }>();
  const rows: ListingRow[] = loadListingRows(
    options.listingsDir ?? (options.fixturesDir ? join(options.fixturesDir, 'listings') : undefined),
  );
  const now = options.now ?? Date.now;
  const receiptTemplate = byName.get('usdt-60-basic');

  const lookup = async (req: IncomingMessage, res: ServerResponse) => {
    const body = (await readJson(req)) as { value?: unknown };
    const txid = typeof body.value === 'string' ? body.value.trim().toLowerCase() : '';
    const count = (calls.get(txid) ?? 0) + 1;
    calls.set(txid, count);
    const fixture = byTxid.get(txid);
    if (!fixture) return send(res, 200, {});
    const { delayMs, status, times } = fixture.behaviour;
    if (delayMs) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delayMs);
        // The client gave up (its timeout): stop waiting for nothing.
        res.once('close', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    if (status !== undefined && (times === undefined || count <= times)) {
      return send(
        res,
        status,
        { Error: `local TRON double: HTTP ${status} (fixture ${fixture.name})` },
        {
          'retry-after': '1',
        },
      );
    }
    send(res, 200, fixtureAnswer(fixture, txid, now()));
  };

  const alias = async (req: IncomingMessage, res: ServerResponse) => {
    const body = (await readJson(req)) as { txid?: unknown; fixture?: unknown; amount?: unknown; to?: unknown };
    const txid = typeof body.txid === 'string' ? body.txid.toLowerCase() : '';
    const fixture = typeof body.fixture === 'string' ? byName.get(body.fixture) : undefined;
    const amount = body.amount === undefined ? undefined : String(body.amount);
    const to = body.to === undefined ? undefined : String(body.to);
    if (
      !/^[0-9a-f]{64}$/.test(txid) ||
      !fixture ||
      (amount !== undefined && !USDT_AMOUNT.test(amount)) ||
      (to !== undefined && addressTopic(to) === undefined)
    ) {
      return send(res, 400, {
        message:
          'Send {"txid": <64 hex>, "fixture": <a fixture file name>, "amount"?: <USDT, e.g. "60.37">, "to"?: <a T-address>}',
      });
    }
    byTxid.set(txid, amount === undefined && to === undefined ? fixture : withTransfer(fixture, { usdt: amount, to }));
    send(res, 201, {
      txid,
      fixture: fixture.name,
      ...(amount === undefined ? {} : { amount }),
      ...(to === undefined ? {} : { to }),
    });
  };

  /** TronGrid's listing: the rows to the address (only_to), USDT only, in the time range, newest first, paged. */
  const listing = (res: ServerResponse, url: URL, address: string) => {
    const params = url.searchParams;
    const contract = params.get('contract_address');
    const min = Number(params.get('min_timestamp') ?? 0);
    const max = params.has('max_timestamp') ? Number(params.get('max_timestamp')) : Number.POSITIVE_INFINITY;
    const limit = Math.min(200, Math.max(1, Number(params.get('limit') ?? 20) || 20));
    const offset = decodeFingerprint(params.get('fingerprint'));
    if (offset === null) return send(res, 400, { success: false, error: 'invalid fingerprint', statusCode: 400 });
    const matching = rows
      .filter(
        (row) =>
          (params.get('only_to') !== 'true' || row.to === address) &&
          (params.get('only_to') === 'true' || row.to === address || row.from === address) &&
          (contract === null || row.token_info.address === contract) &&
          row.block_timestamp >= min &&
          row.block_timestamp <= max,
      )
      .sort((a, b) => b.block_timestamp - a.block_timestamp || (a.transaction_id < b.transaction_id ? -1 : 1));
    const page = matching.slice(offset, offset + limit);
    const more = offset + limit < matching.length;
    const fingerprint = more ? encodeFingerprint(offset + limit) : undefined;
    const next = new URL(url.href);
    if (fingerprint) next.searchParams.set('fingerprint', fingerprint);
    send(res, 200, {
      data: page,
      success: true,
      meta: {
        at: now(),
        page_size: page.length,
        ...(fingerprint ? { fingerprint, links: { next: next.href } } : {}),
      },
    });
  };

  const transfer = async (req: IncomingMessage, res: ServerResponse) => {
    const body = (await readJson(req)) as {
      to?: unknown;
      amount?: unknown;
      from?: unknown;
      txid?: unknown;
      blockTimestamp?: unknown;
    };
    const units = usdtUnits(body.amount);
    const from = body.from === undefined ? DOUBLE_DEFAULT_SENDER : body.from;
    const txid = body.txid === undefined ? randomBytes(32).toString('hex') : String(body.txid).toLowerCase();
    const at = body.blockTimestamp === undefined ? now() : Number(body.blockTimestamp);
    if (
      !isTAddress(body.to) ||
      !isTAddress(from) ||
      units === null ||
      !/^[0-9a-f]{64}$/.test(txid) ||
      !Number.isSafeInteger(at) ||
      at <= 0
    ) {
      return send(res, 400, {
        message:
          'Send {"to": <T-address>, "amount": <USDT, e.g. "60.37">, "from"?: <T-address>, "txid"?: <64 hex>, "blockTimestamp"?: <epoch ms>}',
      });
    }
    if (rows.some((row) => row.transaction_id === txid) || byTxid.has(txid)) {
      return send(res, 409, { message: `transaction ${txid} is already on this chain` });
    }
    // TRON makes a block every 3 s: a transfer sent now is in the next block (its time a multiple of
    // 3 s, never before the transfer was sent); one dated by the caller keeps its block.
    const blockTime =
      body.blockTimestamp === undefined ? Math.ceil(at / BLOCK_MS) * BLOCK_MS : Math.floor(at / BLOCK_MS) * BLOCK_MS;
    const row: ListingRow = {
      transaction_id: txid,
      token_info: { ...USDT_TOKEN_INFO },
      block_timestamp: blockTime,
      from,
      to: body.to,
      type: 'Transfer',
      value: units.toString(),
    };
    rows.push(row);
    if (receiptTemplate) byTxid.set(txid, receiptOf(receiptTemplate, row));
    send(res, 201, { txid });
  };

  const fail = async (req: IncomingMessage, res: ServerResponse) => {
    const body = (await readJson(req)) as { path?: unknown; calls?: unknown; status?: unknown; kind?: unknown };
    const status = body.status === undefined ? 500 : Number(body.status);
    const count = Number(body.calls);
    const kind = body.kind === undefined || body.kind === 'status' ? 'status' : body.kind;
    if (
      (kind !== 'status' && kind !== 'timeout' && kind !== 'not-json') ||
      typeof body.path !== 'string' ||
      !body.path.startsWith('/') ||
      !Number.isInteger(count) ||
      count < 1 ||
      count > 1000 ||
      !Number.isInteger(status) ||
      status < 400 ||
      status > 599
    ) {
      return send(res, 400, {
        message:
          'Send {"path": "/v1/...", "calls": <1-1000>, "status"?: <400-599, default 500>, "kind"?: "status" | "timeout" | "not-json"}',
      });
    }
    const failure: TronFaultKind = kind === 'status' ? (status === 429 ? 'http-429' : 'http-500') : kind;
    failures.set(body.path, { calls: count, status, kind: failure });
    send(res, 201, { path: body.path, calls: count, status, kind });
  };

  /** Answers a request the way a failing TronGrid does: `kind`, with `status` for the HTTP ones. */
  const answerFault = async (req: IncomingMessage, res: ServerResponse, kind: TronFaultKind, status: number) => {
    req.resume();
    switch (kind) {
      case 'http-429':
        return send(
          res,
          429,
          { success: false, error: 'local TRON double: rate limited (failing on purpose)', statusCode: 429 },
          { 'retry-after': '1' },
        );
      case 'http-500':
        return send(res, status, {
          success: false,
          error: `local TRON double: HTTP ${status} (failing on purpose)`,
          statusCode: status,
        });
      case 'not-json':
        // What a proxy in front of an API answers when the API behind it is down.
        res.writeHead(200, { 'content-type': 'text/html' });
        return void res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
      case 'timeout':
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, options.hangMs ?? 30_000);
          res.once('close', () => {
            clearTimeout(timer);
            resolve();
          });
        });
        return void res.destroy();
    }
  };

  /**
   * A request to a path set to fail (counted down), or one the injected faults fail: answered with
   * the failure. Null: it is answered normally.
   */
  const failureOf = (path: string, command: string | null): { kind: TronFaultKind; status: number } | null => {
    const failure = failures.get(path);
    if (failure) {
      if (failure.calls <= 1) failures.delete(path);
      else failures.set(path, { ...failure, calls: failure.calls - 1 });
      return failure;
    }
    const injected = command && options.faults ? tronFault(options.faults, command) : null;
    return injected ? { kind: injected, status: injected === 'http-429' ? 429 : 500 } : null;
  };

  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const route = `${req.method} ${url.pathname}`;
    const handle = async () => {
      if (url.pathname.startsWith('/__double/')) {
        if (!isLoopback(req))
          return send(res, 403, { Error: 'local TRON double: helper endpoints answer loopback only' });
        if (route === 'POST /__double/transfer') return transfer(req, res);
        if (route === 'POST /__double/fail') return fail(req, res);
        if (route === 'POST /__double/alias') return alias(req, res);
        if (route === 'GET /__double/calls') {
          const path = url.searchParams.get('path');
          if (path !== null) return send(res, 200, { calls: pathCalls.get(path) ?? 0 });
          return send(res, 200, { calls: calls.get((url.searchParams.get('txid') ?? '').toLowerCase()) ?? 0 });
        }
      }
      if (route === 'GET /health') return send(res, 200, { ok: true, fixtures: byName.size });
      pathCalls.set(url.pathname, (pathCalls.get(url.pathname) ?? 0) + 1);
      const listed = req.method === 'GET' ? LISTING_PATH.exec(url.pathname) : null;
      const command = route === `POST ${TRON_DOUBLE_PATH}` ? 'GetTransactionInfoById' : listed ? 'ListTransfers' : null;
      const failure = failureOf(url.pathname, command);
      if (failure) return answerFault(req, res, failure.kind, failure.status);
      if (route === `POST ${TRON_DOUBLE_PATH}`) return lookup(req, res);
      if (listed?.[1]) return listing(res, url, decodeURIComponent(listed[1]));
      send(res, 404, { Error: `local TRON double: no ${route}` });
    };
    handle().catch((error: unknown) => {
      options.log?.(`tron double: ${error instanceof Error ? error.message : String(error)}`);
      send(res, 400, { Error: 'local TRON double: bad request' });
    });
  });
}

/** Starts the double on `host:port`; resolves once it listens. */
export async function startTronDouble(options: TronDoubleOptions & { port: number; host?: string }): Promise<Server> {
  const server = createTronDouble(options);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', () => resolve());
  });
  return server;
}
