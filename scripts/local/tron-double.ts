import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { basename, join } from 'node:path';
import * as z from '@goldbot/shared/zod';

/**
 * The local stand-in for TronGrid's HTTP API: `POST /walletsolidity/gettransactioninfobyid`
 * with `{"value": txid}` answers from the fixture files in scripts/local/tron-fixtures (each names
 * its source; see the README there), and `{}` for any other id, as the real API does. `npm start`
 * and the integration suite run it on a port of its own and hand its URL to the functions as
 * TRON_API_URL. Never deployed.
 *
 * Test switches, per fixture (`_double`): `blockTimeStamp: "recent"` (the answer's block time is a
 * minute before the request, so a fresh payment matches), `delayMs` (a slow answer: the adapter's
 * timeout), `status` with optional `times` (e.g. 429 always, or only for the first look-up). Two
 * helper endpoints for tests and developers on loopback: `POST /__double/alias {txid, fixture, amount?, to?}`
 * answers a new id like a fixture (a TXID can pay only once, so each test payment needs its own
 * id), its USDT transfer carrying `amount` when given (a payment order's exact amount) and going to
 * the T-address `to` when given (a withdrawal's payout to its customer), `GET /__double/calls?txid=` counts the look-ups of an id.
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

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

/**
 * The 20-byte account id of a TRON T-address as a Transfer log's address topic carries it (32 bytes,
 * left-padded); undefined unless it is Base58Check of 0x41 and 20 bytes.
 */
export function addressTopic(address: string): string | undefined {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address)) return undefined;
  let value = 0n;
  for (const char of address) value = value * 58n + BigInt(BASE58.indexOf(char));
  const bytes = Buffer.from(value.toString(16).padStart(50, '0'), 'hex');
  const [payload, checksum] = [bytes.subarray(0, 21), bytes.subarray(21)];
  if (bytes.length !== 25 || payload[0] !== 0x41 || !sha256(sha256(payload)).subarray(0, 4).equals(checksum)) {
    return undefined;
  }
  return payload.subarray(1).toString('hex').padStart(64, '0');
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

/** `fixture` with every Transfer log carrying `usdt` instead (a payment order's exact amount). */
export const withTransferAmount = (fixture: TronFixture, usdt: string): TronFixture => withTransfer(fixture, { usdt });

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
  fixturesDir?: string;
  now?: () => number;
  log?: (line: string) => void;
}

export function createTronDouble(options: TronDoubleOptions = {}): Server {
  const byName = loadTronFixtures(options.fixturesDir);
  const byTxid = new Map([...byName.values()].map((f) => [f.txid, f]));
  const calls = new Map<string, number>();
  const now = options.now ?? Date.now;

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

  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const route = `${req.method} ${url.pathname}`;
    const handle = async () => {
      if (route === `POST ${TRON_DOUBLE_PATH}`) return lookup(req, res);
      if (route === 'POST /__double/alias') return alias(req, res);
      if (route === 'GET /__double/calls') {
        return send(res, 200, { calls: calls.get((url.searchParams.get('txid') ?? '').toLowerCase()) ?? 0 });
      }
      if (route === 'GET /health') return send(res, 200, { ok: true, fixtures: byName.size });
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
