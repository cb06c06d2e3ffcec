import { AsyncLocalStorage } from 'node:async_hooks';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * Counts the DynamoDB requests each API call makes, for the `round-trips` section of `npm run
 * bench` (budget 3 per customer route, docs/decisions.md "Budgets") and for anyone curious under `npm start`.
 *
 * A middleware on the handlers' document client (functions/src/adapters/dynamodb.ts; the local
 * stack runs every handler in its own process, so it is the same instance) notes each command
 * sent inside a gateway call; the gateway runs every handler inside `countRoundTrips` and answers
 * the tally in two response headers. Local only: nothing here is bundled into a Lambda, and API
 * Gateway in AWS never sends these headers.
 */
export const ROUND_TRIPS_HEADER = 'x-local-dynamodb-requests';
/** The commands in the order they were sent, e.g. `GetItemCommand,TransactWriteItemsCommand`. */
export const ROUND_TRIP_COMMANDS_HEADER = 'x-local-dynamodb-commands';

interface Tally {
  commands: string[];
}

const current = new AsyncLocalStorage<Tally>();

/**
 * Adds the counting middleware. At the `initialize` step it runs once per `send`, before the
 * SDK's retries: it counts requests the code makes, not attempts (DynamoDB Local does not throttle).
 */
export function installRoundTripCounter(client: Pick<DynamoDBDocumentClient, 'middlewareStack'>): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      current.getStore()?.commands.push(context.commandName ?? 'UnknownCommand');
      return next(args);
    },
    { step: 'initialize', name: 'localRoundTripCounter', override: true },
  );
}

/** Runs `call` and answers what it returned plus the DynamoDB commands sent while it ran. */
export async function countRoundTrips<T>(call: () => Promise<T>): Promise<{ result: T; commands: string[] }> {
  const tally: Tally = { commands: [] };
  const result = await current.run(tally, call);
  // A copy: work the handler left running in the background may still add to the tally.
  return { result, commands: [...tally.commands] };
}

/**
 * Runs `call` outside any tally: for work that AWS does in another invocation (the asynchronous
 * on-chain check the local stack runs in the background of a payment submission).
 */
export function outsideRoundTrips<T>(call: () => T): T {
  return current.exit(call);
}

/** The two response headers for a call's tally. */
export function roundTripHeaders(commands: readonly string[]): Record<string, string> {
  return {
    [ROUND_TRIPS_HEADER]: String(commands.length),
    [ROUND_TRIP_COMMANDS_HEADER]: commands.join(','),
  };
}
