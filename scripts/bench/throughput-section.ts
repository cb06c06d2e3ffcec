import autocannon from 'autocannon';
import { ensureUser, localCognitoClient, localIdToken } from '../local/cognito-local.js';
import { withBenchStack } from './bench-stack.js';
import type { Check } from './budget.js';
import { paragraphs, renderTable } from './markdown.js';
import { measuredOn } from './machine.js';
import type { BenchSection } from './section.js';

/**
 * Requests per second and latency of the local API gateway (scripts/local/gateway.ts) under
 * autocannon, for a public route without DynamoDB, a public route with one Query and a signed-in
 * route (JWT verification, the session guard and the profile read). Reported, not budgeted: the
 * local gateway is one Node process in front of every handler, not Lambda, so the figures compare
 * runs of this code on one machine, not what AWS would serve.
 */
export interface ThroughputTarget {
  route: string;
  path: string;
  auth: 'anonymous' | 'customer';
}

export const THROUGHPUT_TARGETS: readonly ThroughputTarget[] = [
  { route: 'health', path: '/api/health', auth: 'anonymous' },
  { route: 'packages-list', path: '/api/packages', auth: 'anonymous' },
  { route: 'auth-me', path: '/api/auth/me', auth: 'customer' },
];

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  total: number;
  non2xx: number;
  errors: number;
}

export function judgeLoad(target: ThroughputTarget, figures: LoadFigures): Check {
  const label = `${target.route} under load`;
  const detail = `${Math.round(figures.requestsPerSecond)} req/s, p99 ${figures.p99Ms} ms`;
  if (figures.total === 0) return { label, verdict: 'error', detail: 'no request was answered' };
  if (figures.non2xx > 0 || figures.errors > 0) {
    return {
      label,
      verdict: 'error',
      detail: `${detail}; ${figures.non2xx} non-2xx answers, ${figures.errors} errors`,
    };
  }
  return { label, verdict: 'reported', detail };
}

export function throughputTable(rows: readonly { target: ThroughputTarget; figures: LoadFigures }[]): string {
  return renderTable(
    ['Route', 'Caller', 'Requests/s', 'p50', 'p99', 'max', 'Requests', 'Non-2xx'],
    rows.map(({ target, figures }) => [
      `\`${target.route}\``,
      target.auth,
      String(Math.round(figures.requestsPerSecond)),
      `${figures.p50Ms} ms`,
      `${figures.p99Ms} ms`,
      `${figures.maxMs} ms`,
      figures.total.toLocaleString('en-US'),
      String(figures.non2xx + figures.errors),
    ]),
    ['left', 'left', 'right', 'right', 'right', 'right', 'right', 'right'],
  );
}

async function customerToken(info: { urls: { cognito: string }; pool: { userPoolId: string; clientId: string } }) {
  const email = 'bench-customer@example.com';
  const password = 'Bench1234!';
  await ensureUser(localCognitoClient(info.urls.cognito), info.pool, { email, password });
  return localIdToken(info.urls.cognito, info.pool, { email, password });
}

export const throughputSection: BenchSection = {
  id: 'throughput',
  title: 'Local gateway throughput and latency',
  budget: 'reported, not budgeted',
  async run({ options, log, machine, startedAt }) {
    return withBenchStack({ root: options.root, tmpPrefix: 'goldbot-bench-stack-', log }, async (stack) => {
      const api = stack.info.urls.api;
      const token = await customerToken(stack.info);
      const headersFor = (target: ThroughputTarget): Record<string, string> =>
        target.auth === 'customer' ? { authorization: `Bearer ${token}` } : {};
      const rows: { target: ThroughputTarget; figures: LoadFigures }[] = [];
      for (const target of THROUGHPUT_TARGETS) {
        // Warm-up: the gateway imports a handler on its first request (a cold start), and
        // auth-me creates the customer's profile on the first call.
        for (let i = 0; i < 20; i += 1) {
          const warm = await fetch(`${api}${target.path}`, { headers: headersFor(target) });
          await warm.arrayBuffer();
          if (warm.status !== 200) throw new Error(`${target.route} answered HTTP ${warm.status} before the load test`);
        }
        // Then two seconds of load unmeasured, so the JIT of Node and of DynamoDB Local's JVM is warm.
        await autocannon({
          url: `${api}${target.path}`,
          connections: options.connections,
          duration: 2,
          headers: headersFor(target),
        });
        log(`  ${target.route}: ${options.connections} connections for ${options.durationSeconds} s...`);
        const result = await autocannon({
          url: `${api}${target.path}`,
          connections: options.connections,
          duration: options.durationSeconds,
          headers: headersFor(target),
        });
        rows.push({
          target,
          figures: {
            requestsPerSecond: result.requests.average,
            p50Ms: result.latency.p50,
            p99Ms: result.latency.p99,
            maxMs: result.latency.max,
            total: result.requests.total,
            non2xx: result.non2xx,
            errors: result.errors,
          },
        });
      }
      const checks = rows.map(({ target, figures }) => judgeLoad(target, figures));
      const markdown = paragraphs(
        '### Local gateway throughput and latency',
        `Reported, not budgeted. \`autocannon\` with ${options.connections} connections for ` +
          `${options.durationSeconds} s per route against the local gateway (\`scripts/local/gateway.ts\`, started ` +
          'like the integration stack: DynamoDB Local on disk, cognito-local and the SES emulator on free ports ' +
          'with a throw-away data folder), after 20 warm-up requests and 2 s of unmeasured load. `auth-me` is ' +
          "called with a customer's ID token: JWT verification against cognito-local's keys, the session guard's " +
          'profile read and the profile answer.',
        throughputTable(rows),
        'The gateway runs every handler in one Node process next to DynamoDB Local and the load generator, so ' +
          'these figures compare runs of this code on one machine; they are not what API Gateway and Lambda ' +
          `would serve. ${measuredOn(startedAt, machine)}`,
      );
      return { markdown, checks };
    });
  },
};
