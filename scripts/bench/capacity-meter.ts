import { AsyncLocalStorage } from 'node:async_hooks';
import type { MiddlewareStack } from '@smithy/types';

/**
 * Counts what DynamoDB says each request consumed. A middleware on the (document) client asks
 * every request for `ReturnConsumedCapacity: 'TOTAL'` and adds the `ConsumedCapacity` of the
 * answer to the tally of the measurement in progress. Measurements are scoped with
 * AsyncLocalStorage, so only the calls made by the measured function (and whatever it awaits)
 * count, and two measurements never mix.
 */
export const READ_OPERATIONS = new Set([
  'GetItemCommand',
  'BatchGetItemCommand',
  'QueryCommand',
  'ScanCommand',
  'TransactGetItemsCommand',
]);

export interface OperationTally {
  requests: number;
  capacityUnits: number;
}

export interface CapacityTally {
  /** Read capacity units of the counted requests. */
  readUnits: number;
  /** Write capacity units of the counted requests (a read endpoint should have none). */
  writeUnits: number;
  /** Counted requests (round trips); retries of unprocessed keys count one each. */
  requests: number;
  /** Scans among them: no request path may Scan (docs/decisions.md, "Data: one table"). */
  scans: number;
  byOperation: Record<string, OperationTally>;
  /** Every counted request in order, with its units (for diagnostics). */
  calls: { operation: string; units: number }[];
  /** Requests left out by `exclude` (e.g. the session guard's profile read), tallied apart. */
  excluded: OperationTally;
}

interface ConsumedCapacity {
  CapacityUnits?: number;
}

/** `ConsumedCapacity` is one object for single-table calls and a list (one per table) for batches and transactions. */
export function capacityUnitsOf(consumed: unknown): number {
  const list = Array.isArray(consumed) ? consumed : consumed ? [consumed] : [];
  return list.reduce((sum: number, entry: ConsumedCapacity) => sum + (Number(entry?.CapacityUnits) || 0), 0);
}

export const emptyTally = (): CapacityTally => ({
  readUnits: 0,
  writeUnits: 0,
  requests: 0,
  scans: 0,
  byOperation: {},
  calls: [],
  excluded: { requests: 0, capacityUnits: 0 },
});

/** Adds one answered request to a tally. */
export function record(
  tally: CapacityTally,
  operation: string,
  consumed: unknown,
  excluded = false,
): { units: number; missing: boolean } {
  const units = capacityUnitsOf(consumed);
  const missing = consumed === undefined || consumed === null;
  if (excluded) {
    tally.excluded.requests += 1;
    tally.excluded.capacityUnits += units;
    return { units, missing };
  }
  tally.requests += 1;
  if (READ_OPERATIONS.has(operation)) tally.readUnits += units;
  else tally.writeUnits += units;
  if (operation === 'ScanCommand') tally.scans += 1;
  tally.calls.push({ operation, units });
  const op = (tally.byOperation[operation] ??= { requests: 0, capacityUnits: 0 });
  op.requests += 1;
  op.capacityUnits += units;
  return { units, missing };
}

/** "Query 5 + 1.5, GetItem 0.5": each request's units by operation (many requests of one kind summed). */
export function describeCalls(calls: readonly { operation: string; units: number }[]): string {
  const groups = new Map<string, number[]>();
  for (const { operation, units } of calls) {
    const name = operation.replace(/Command$/, '');
    groups.set(name, [...(groups.get(name) ?? []), units]);
  }
  if (groups.size === 0) return 'no request';
  return [...groups]
    .map(([name, units]) =>
      units.length <= 3
        ? `${name} ${units.join(' + ')}`
        : `${name} ${units.length}× ${units.reduce((a, b) => a + b, 0)}`,
    )
    .join(', ');
}

export interface CapacityMeter {
  /** Runs `fn` and returns what every DynamoDB request it made consumed. */
  measure<T>(fn: () => Promise<T>): Promise<{ result: T; tally: CapacityTally }>;
  /** Requests answered without `ConsumedCapacity` (an emulator that does not report it). */
  readonly unreported: number;
}

/** The subset of an SDK client the meter needs (both DynamoDBClient and DynamoDBDocumentClient have it). */
export interface MeterableClient {
  middlewareStack: Pick<MiddlewareStack<object, object>, 'add'>;
}

export interface MeterOptions {
  /** Requests to tally apart (still sent, still measured, not in the main figures). */
  exclude?: (operation: string, input: Record<string, unknown>) => boolean;
}

export const METER_MIDDLEWARE_NAME = 'benchCapacityMeter';

export function attachCapacityMeter(client: MeterableClient, options: MeterOptions = {}): CapacityMeter {
  const current = new AsyncLocalStorage<CapacityTally>();
  let unreported = 0;
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const tally = current.getStore();
      if (!tally) return next(args);
      const input = { ...(args.input as Record<string, unknown>), ReturnConsumedCapacity: 'TOTAL' };
      const answer = await next({ ...args, input });
      const operation = String((context as { commandName?: string }).commandName ?? 'UnknownCommand');
      const output = answer.output as { ConsumedCapacity?: unknown };
      const excluded = options.exclude?.(operation, input) ?? false;
      if (record(tally, operation, output.ConsumedCapacity, excluded).missing) unreported += 1;
      return answer;
    },
    // `initialize` runs before the document client's marshalling (a top-level string is the same
    // in both shapes) and sees the unmarshalled output on the way back.
    { step: 'initialize', name: METER_MIDDLEWARE_NAME, override: true },
  );
  return {
    async measure<T>(fn: () => Promise<T>) {
      const tally = emptyTally();
      const result = await current.run(tally, fn);
      return { result, tally };
    },
    get unreported() {
      return unreported;
    },
  };
}
