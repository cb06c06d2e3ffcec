/**
 * Fault injection for the local stack and the tests: an AWS SDK v3 middleware that makes a chosen
 * fraction of the handlers' DynamoDB, SES, Cognito and Lambda calls fail the way AWS fails them.
 *
 * It is installed by the local stack (stack.ts) on the clients the handlers share in its process,
 * only when the `FAULTS` setting is present, like the DynamoDB request counter beside it. Nothing
 * here is imported by a function: the synthesized bundles carry neither the middleware nor the
 * setting's name (scripts/test/faults.test.ts greps them). The `--bundled` mode runs the deployed
 * bundles in their own processes, so faults apply to the default mode only.
 *
 * `FAULTS` is a rate for every client (`FAULTS=0.1`), or rates per client and optionally per command,
 * comma-separated: `FAULTS=dynamodb:0.1,ses:0.5,dynamodb.TransactWriteItems:0.3`. The most specific
 * entry wins. A failed call is one of:
 * - throttling: `ProvisionedThroughputExceededException` (DynamoDB) or `ThrottlingException`, HTTP 400;
 * - `InternalServerError`, HTTP 500;
 * - a `TransactionCanceledException` whose reasons say `TransactionConflict` (transactions only);
 * - the ambiguous one: the call reaches the service and is applied, then the caller sees a timeout.
 * The middleware sits inside the SDK's retry loop (the `deserialize` step), so the client's own
 * retries see each fault as they would see AWS's: a throttled or timed-out attempt is retried with
 * back-off, an applied-then-timed-out write may be applied twice, a conflict is not retried.
 */
import type { MiddlewareStack } from '@smithy/types';

/**
 * The SDK clients, plus `scheduler`: its rate is how often the local scheduler delivers a job twice.
 * For `lambda` (the chain check's asynchronous invoke, run in the background locally), a faulted
 * invoke is either refused as throttled or delivered twice. `tron` is the local TRON API double
 * (tron-double.ts): its endpoints answer 500, 429 with Retry-After, nothing until the caller times
 * out, or a body that is not JSON; its commands are `GetTransactionInfoById` and `ListTransfers`.
 */
export const FAULT_CLIENTS = ['dynamodb', 'ses', 'cognito', 'lambda', 'scheduler', 'tron'] as const;
export type FaultClient = (typeof FAULT_CLIENTS)[number];

/** How the TRON double fails an endpoint: HTTP 500, HTTP 429 with Retry-After, no answer in time, a body that is not JSON. */
const TRON_FAULT_KINDS_LIST = ['http-500', 'http-429', 'timeout', 'not-json'] as const;
export const TRON_FAULT_KINDS: readonly TronFaultKind[] = TRON_FAULT_KINDS_LIST;
export type TronFaultKind = (typeof TRON_FAULT_KINDS_LIST)[number];

export const FAULT_KINDS = [
  'throttling',
  'internal',
  'transaction-conflict',
  'applied-then-timeout',
  'delivered-twice',
  ...TRON_FAULT_KINDS_LIST,
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** Rates by client, and by `client.Command` (the command's name without the `Command` suffix). */
export interface FaultPlan {
  readonly byClient: ReadonlyMap<FaultClient, number>;
  readonly byCommand: ReadonlyMap<string, number>;
}

export class FaultSettingError extends Error {
  constructor(setting: string, reason: string) {
    super(
      `FAULTS=${setting} is not understood: ${reason}. Give a rate between 0 and 1 (FAULTS=0.1), or rates per ` +
        `client (${FAULT_CLIENTS.join(', ')}) and optionally per command: FAULTS=dynamodb:0.1,ses.SendEmail:0.5`,
    );
    this.name = 'FaultSettingError';
  }
}

function parseRate(setting: string, text: string): number {
  const rate = Number(text);
  if (text.trim() === '' || !Number.isFinite(rate) || rate < 0 || rate > 1) {
    throw new FaultSettingError(setting, `"${text}" is not a rate between 0 and 1`);
  }
  return rate;
}

/** Reads a `FAULTS` setting; throws FaultSettingError with what is wrong. */
export function parseFaults(setting: string): FaultPlan {
  const byClient = new Map<FaultClient, number>();
  const byCommand = new Map<string, number>();
  const entries = setting
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  if (entries.length === 0) throw new FaultSettingError(setting, 'it is empty');
  for (const entry of entries) {
    const colon = entry.lastIndexOf(':');
    if (colon === -1) {
      const rate = parseRate(setting, entry);
      for (const client of FAULT_CLIENTS) if (!byClient.has(client)) byClient.set(client, rate);
      continue;
    }
    const target = entry.slice(0, colon).trim();
    const rate = parseRate(setting, entry.slice(colon + 1));
    const [client = '', command] = target.split('.');
    if (!(FAULT_CLIENTS as readonly string[]).includes(client)) {
      throw new FaultSettingError(setting, `"${client}" is not one of the clients`);
    }
    if (command === undefined) byClient.set(client as FaultClient, rate);
    else if (/^[A-Z][A-Za-z]+$/.test(command)) byCommand.set(`${client}.${command}`, rate);
    else throw new FaultSettingError(setting, `"${command}" is not a command name such as PutItem`);
  }
  return { byClient, byCommand };
}

/** The rate for one call: its command's entry, else its client's, else none. */
export function rateFor(plan: FaultPlan, client: FaultClient, commandName: string): number {
  const command = commandName.replace(/Command$/, '');
  return plan.byCommand.get(`${client}.${command}`) ?? plan.byClient.get(client) ?? 0;
}

/** A seeded source of numbers in [0, 1) (mulberry32), so a chaos run can be replayed by its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TRANSACTIONS = new Set(['TransactWriteItemsCommand', 'TransactGetItemsCommand']);
/** Commands whose effect a timeout can hide: the ones that write. */
const READS = /^(Get|BatchGet|Query|Scan|Describe|List|AdminGet|TransactGet)/;

/** The kinds of fault a call can get: a conflict only for transactions, an applied-then-timeout only for writes. */
export function kindsFor(commandName: string): FaultKind[] {
  return FAULT_KINDS.filter((kind) => {
    if (kind === 'delivered-twice' || (TRON_FAULT_KINDS as readonly string[]).includes(kind)) return false;
    if (kind === 'transaction-conflict') return TRANSACTIONS.has(commandName);
    if (kind === 'applied-then-timeout') return !READS.test(commandName);
    return true;
  });
}

/** An error shaped like the SDK's service exceptions, so the client's retry rules classify it as AWS's. */
function serviceError(name: string, status: number, fault: 'client' | 'server', extra: object = {}): Error {
  const error = new Error(`Injected fault (FAULTS): ${name}`);
  return Object.assign(error, {
    name,
    $fault: fault,
    $metadata: { httpStatusCode: status, requestId: 'injected-fault', attempts: 1, totalRetryDelay: 0 },
    ...extra,
  });
}

/** The error a failed call throws. */
export function faultError(client: FaultClient, commandName: string, kind: FaultKind): Error {
  switch (kind) {
    case 'throttling':
      return client === 'dynamodb'
        ? serviceError('ProvisionedThroughputExceededException', 400, 'client')
        : serviceError('ThrottlingException', 400, 'client');
    case 'internal':
      return serviceError(client === 'dynamodb' ? 'InternalServerError' : 'InternalFailure', 500, 'server');
    case 'transaction-conflict':
      return serviceError('TransactionCanceledException', 400, 'client', {
        CancellationReasons: [{ Code: 'TransactionConflict', Message: 'Transaction is ongoing for the item' }],
        message: `Transaction cancelled, please refer cancellation reasons for specific reasons [TransactionConflict] (${commandName})`,
      });
    case 'http-500':
    case 'http-429':
    case 'timeout':
    case 'not-json':
    case 'delivered-twice':
    case 'applied-then-timeout': {
      // What the SDK's HTTP handler throws when the socket times out: no status, retried as transient.
      const error = new Error('Injected fault (FAULTS): the request was applied, then the connection timed out');
      return Object.assign(error, { name: 'TimeoutError', code: 'ETIMEDOUT' });
    }
  }
}

/** What the middleware did, for the chaos report: faults by client, command and kind. */
export class FaultTally {
  readonly counts = new Map<string, number>();
  calls = 0;
  add(client: FaultClient, commandName: string, kind: FaultKind): void {
    const key = `${client} ${commandName.replace(/Command$/, '')} ${kind}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
  byKind(): Record<FaultKind, number> {
    const totals = Object.fromEntries(FAULT_KINDS.map((kind) => [kind, 0])) as Record<FaultKind, number>;
    for (const [key, count] of this.counts) {
      const kind = key.split(' ')[2] as FaultKind;
      totals[kind] += count;
    }
    return totals;
  }
}

export interface FaultInjector {
  plan: FaultPlan;
  random: () => number;
  tally: FaultTally;
  /** False turns every fault off (the chaos run drains its retries this way), true back on. */
  enabled: boolean;
}

export function createFaultInjector(plan: FaultPlan, seed = Date.now()): FaultInjector {
  return { plan, random: seededRandom(seed), tally: new FaultTally(), enabled: true };
}

/** A client whose middleware stack can take the fault middleware (any SDK v3 client or the document client). */
export interface StackedClient {
  middlewareStack: Pick<MiddlewareStack<object, object>, 'add'>;
}

export const FAULT_MIDDLEWARE_NAME = 'localFaultInjection';

/** Adds the fault middleware to one client; calls of `client` fail at the plan's rates. */
export function installFaults(target: StackedClient, client: FaultClient, injector: FaultInjector): void {
  target.middlewareStack.add(
    (next, context) => async (args) => {
      const commandName = context.commandName ?? 'UnknownCommand';
      injector.tally.calls += 1;
      if (!injector.enabled || injector.random() >= rateFor(injector.plan, client, commandName)) return next(args);
      const kinds = kindsFor(commandName);
      const kind = kinds[Math.floor(injector.random() * kinds.length)] ?? 'internal';
      injector.tally.add(client, commandName, kind);
      if (kind === 'applied-then-timeout') {
        await next(args);
      }
      throw faultError(client, commandName, kind);
    },
    { step: 'deserialize', name: FAULT_MIDDLEWARE_NAME, override: true },
  );
}

/**
 * Whether this call of the TRON double fails, and how (null: it answers normally), drawn from the
 * injector's seeded numbers and counted in its tally. `command`: GetTransactionInfoById or ListTransfers.
 */
export function tronFault(injector: FaultInjector, command: string): TronFaultKind | null {
  if (!injector.enabled || injector.random() >= rateFor(injector.plan, 'tron', command)) return null;
  const kind = TRON_FAULT_KINDS[Math.floor(injector.random() * TRON_FAULT_KINDS.length)] ?? 'http-500';
  injector.tally.add('tron', command, kind);
  return kind;
}
