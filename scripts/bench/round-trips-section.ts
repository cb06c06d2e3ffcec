import type { RouteId } from '@goldbot/shared';
import { withBenchStack } from './bench-stack.js';
import type { Check } from './budget.js';
import { CUSTOMER_ROUTES, runCustomerJourney, type Observation } from './customer-journey.js';
import { list, paragraphs, renderTable } from './markdown.js';
import { measuredOn } from './machine.js';
import type { BenchSection } from './section.js';

/**
 * DynamoDB requests per customer route: a customer's journey through a
 * local stack (customer-journey.ts), each answer carrying the count of DynamoDB requests its
 * handler made, counted by a middleware on the handlers' document client
 * (scripts/local/dynamodb-round-trips.ts). A route's figure is the most any of its successful
 * calls made; every customer route must be called at least once.
 */
export const ROUND_TRIP_BUDGET = 3;
/**
 * The account routes (registration, codes, sign-in, reset, profile) may make up to 5: there simpler
 * code wins over a lower count (a use case reads what it needs when it needs it instead of carrying
 * the request's prefetched items and pending limits).
 */
export const ACCOUNT_ROUND_TRIP_BUDGET = 5;
export const ACCOUNT_ROUTES: readonly RouteId[] = [
  'auth-register',
  'auth-verify-otp',
  'auth-resend-otp',
  'auth-login',
  'auth-refresh',
  'auth-logout',
  'auth-logout-all',
  'auth-request-password-reset',
  'auth-verify-reset-otp',
  'auth-reset-password',
  'auth-me',
  'auth-get-user-data',
  'auth-update-user',
  'auth-confirm-email-change',
  'auth-mfa-setup',
  'auth-mfa-verify',
];

/**
 * Commerce routes over 3, each with its reason (docs/performance.md). Opening a payment order makes
 * 3 requests, and 5 when the random amount it first tried is held by another open order: it then
 * reads the price's holds in one BatchGetItem and writes again.
 */
export const ROUND_TRIP_EXCEPTIONS: Partial<Record<RouteId, number>> = { 'payment-order': 5 };

/** A route's budget: 5 for the account routes, 3 for the dashboard, commerce and referral routes. */
export const roundTripBudgetOf = (route: RouteId) =>
  ROUND_TRIP_EXCEPTIONS[route] ?? (ACCOUNT_ROUTES.includes(route) ? ACCOUNT_ROUND_TRIP_BUDGET : ROUND_TRIP_BUDGET);

export interface RouteRoundTrips {
  route: RouteId;
  calls: number;
  /** The most requests one successful call made, and the commands of that call. */
  most: number;
  commands: string[];
}

/** Per route, the successful call that made the most requests. */
export function summarizeRoundTrips(observations: readonly Observation[]): RouteRoundTrips[] {
  const byRoute = new Map<RouteId, RouteRoundTrips>();
  for (const o of observations) {
    if (o.status < 200 || o.status > 299) continue;
    const seen = byRoute.get(o.route) ?? { route: o.route, calls: 0, most: -1, commands: [] };
    seen.calls += 1;
    if (o.commands.length > seen.most) {
      seen.most = o.commands.length;
      seen.commands = o.commands;
    }
    byRoute.set(o.route, seen);
  }
  return [...byRoute.values()];
}

export function judgeRoundTrips(
  figures: readonly RouteRoundTrips[],
  routes: readonly RouteId[] = CUSTOMER_ROUTES,
  budgetOf: (route: RouteId) => number = roundTripBudgetOf,
): Check[] {
  return routes.map((route) => {
    const label = `${route} DynamoDB requests`;
    const budget = budgetOf(route);
    const seen = figures.find((f) => f.route === route);
    if (!seen) return { label, verdict: 'error', detail: 'the journey never called it successfully' };
    const detail = `${seen.most} (${seen.commands.join(', ') || 'none'}), budget ≤ ${budget}`;
    return { label, verdict: seen.most <= budget ? 'pass' : 'fail', detail };
  });
}

/** `GetItemCommand,TransactWriteItemsCommand` → `GetItem, TransactWriteItems`, the shape the table shows. */
export const shortCommands = (commands: readonly string[]) =>
  commands.map((c) => c.replace(/Command$/, '')).join(', ') || '—';

export const roundTripsSection: BenchSection = {
  id: 'round-trips',
  title: 'DynamoDB requests per customer route',
  budget: `≤ ${ROUND_TRIP_BUDGET} per call of every dashboard, commerce and referral route, ≤ ${ACCOUNT_ROUND_TRIP_BUDGET} of every account route, the most any successful call made`,
  async run({ options, log, machine, startedAt }) {
    return withBenchStack({ root: options.root, tmpPrefix: 'goldbot-bench-journey-', log }, async (stack) => {
      const observations = await runCustomerJourney(stack.info, log);
      const figures = summarizeRoundTrips(observations);
      const checks = judgeRoundTrips(figures);
      // Most requests first; ties in the route table's order.
      const order = (route: RouteId) => CUSTOMER_ROUTES.indexOf(route);
      const rows = figures
        .filter((f) => order(f.route) >= 0)
        .sort((a, b) => b.most - a.most || order(a.route) - order(b.route));
      const over = rows.filter((f) => f.most > roundTripBudgetOf(f.route));
      const markdown = paragraphs(
        '### DynamoDB requests per customer route',
        `Budget: every call of a dashboard, commerce or referral route makes at most ${ROUND_TRIP_BUDGET} ` +
          `DynamoDB requests, every call of an account route (\`auth-*\`: registration, codes, sign-in, reset, ` +
          `profile) at most ${ACCOUNT_ROUND_TRIP_BUDGET}, where simpler code wins over a lower count (a ` +
          'transaction or a batch counts once). A route over its budget fails the run.',
        `${CUSTOMER_ROUTES.length} customer routes, ${observations.length} calls: ${over.length} over budget.` +
          (over.length > 0
            ? ' What their requests are and what would bring them down: "DynamoDB round trips per customer request" above.'
            : ''),
        renderTable(
          ['Route', 'Calls', 'Most requests', 'Budget', 'Commands of that call'],
          rows.map((f) => [
            `\`${f.route}\``,
            String(f.calls),
            String(f.most),
            String(roundTripBudgetOf(f.route)),
            shortCommands(f.commands),
          ]),
          ['left', 'right', 'right', 'right', 'left'],
        ),
        'How it is counted (`scripts/bench/round-trips-section.ts`, `customer-journey.ts`):',
        list(
          'A local stack on free ports with a throw-away data folder, as the integration suite starts it. ' +
            "A middleware on the handlers' document client (`scripts/local/dynamodb-round-trips.ts`) notes " +
            'every command a handler sends, once per `send` (SDK retries are not requests of the code), and the ' +
            'local gateway answers the tally in the `x-local-dynamodb-requests` and `-commands` headers.',
          "The journey is a customer's life through the API, the integration suite's flows in one script: the " +
            'public pages and the contact form, registration with the mailed code (and a resend), sign-in and ' +
            "refresh, every dashboard read, a free trial, ten friends' referral checks and Basic purchases with " +
            "the customer's code (approved by the admin, whose calls are not counted), a withdrawal, a new " +
            'username and a confirmed new address, a password reset and sign-out.',
          "A route's figure is the most requests any of its successful calls made. Cognito and SES calls are " +
            'not DynamoDB requests and are not counted; the on-chain check the submission starts runs outside ' +
            "the submission's tally, as it is another invocation in AWS.",
        ),
        measuredOn(startedAt, machine),
      );
      return { markdown, checks };
    });
  },
};
