import type { RateLimitName, RouteDefinition } from '@goldbot/shared';
import type { PendingLimits } from '../../domain/limits/rate-limits.js';
import { findRequestState, requestStateOf, type HttpMiddleware, type RequestState } from './request-state.js';

export interface LimitCheck {
  name: RateLimitName;
  subject: string;
}

/**
 * A per-client limit on top of the automatic per-address limit of public writes: counted by the
 * client's address, by the signed-in caller (`caller`: the Cognito sub; the address when a public
 * route is called anonymously), or by a value of the validated body (e.g. the account's e-mail).
 */
export interface RateLimitRule<B> {
  name: RateLimitName;
  by: 'ip' | 'caller' | ((body: B) => string);
}

/** Counts a request against all its limits at once (one DynamoDB request: data/rate-limit-store.ts). */
export type RateLimiter = (checks: readonly LimitCheck[], nowMs: number, scale: number) => Promise<unknown>;

/** Builds the limits a use case moves in its own first write instead of a request of their own. */
export type PendingLimitsFactory = (checks: readonly LimitCheck[], nowMs: number, scale: number) => PendingLimits;

/** Whether a route is counted at all: every anonymous write (per address), and every route with rules. */
export const isLimited = (route: RouteDefinition, rules: readonly unknown[] | undefined): boolean =>
  (route.auth === 'public' && route.method !== 'GET') || (rules?.length ?? 0) > 0;

export interface RequestLimitsOptions {
  route: RouteDefinition;
  // The body's type is the route's; the middleware only hands the parsed body to the rule.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  rules: readonly RateLimitRule<any>[];
  count: RateLimiter;
  /** Set: the limits go to the use case (`limits`) to move in its first write, and are counted here only if it did not. */
  inUseCase: PendingLimitsFactory | null;
  /** The multiplier of every limit (config.rateLimitScale; raised in load tests). */
  scale: () => number;
}

/**
 * Counts each request once against its limits, all counters in one DynamoDB request, after the
 * input parsed (a rule by a body value needs the body). A request refused by a guard before its
 * input was read is not counted. One with an invalid body is counted against the client's limits
 * alone (there is no value to count it by), and a full window then answers 429 in place of the 400,
 * as it would had the limits been counted first. With `inUseCase`, the use case moves the counters
 * in its own first write; whatever it left uncounted (it answered or failed before that write) is
 * counted after it, and a full window then answers 429 in place of its answer.
 */
export function requestLimits(options: RequestLimitsOptions): HttpMiddleware {
  const { route, rules, count, inUseCase, scale } = options;
  const byClient = (state: RequestState): LimitCheck[] => {
    const checks: LimitCheck[] = [];
    if (route.auth === 'public' && route.method !== 'GET')
      checks.push({ name: 'publicPostPerIp', subject: state.clientIp });
    for (const rule of rules) {
      if (rule.by === 'ip') checks.push({ name: rule.name, subject: state.clientIp });
      else if (rule.by === 'caller') {
        checks.push({ name: rule.name, subject: state.caller ? `user:${state.caller.userId}` : state.clientIp });
      }
    }
    return checks;
  };
  const checksOf = (state: RequestState): LimitCheck[] => {
    const body = state.body;
    if (!body) return byClient(state);
    const byBody = rules.flatMap(({ name, by }) =>
      typeof by === 'function' ? [{ name, subject: by(body.value) }] : [],
    );
    return [...byClient(state), ...byBody];
  };
  const countOnce = async (state: RequestState, nowMs: number) => {
    if (state.limitsCounted) return;
    state.limitsCounted = true;
    const checks = checksOf(state);
    if (checks.length > 0) await count(checks, nowMs, scale());
  };
  const nowOf = new WeakMap<RequestState, number>();
  return {
    before: async (request) => {
      const state = requestStateOf(request.context);
      const nowMs = Date.now();
      nowOf.set(state, nowMs);
      if (inUseCase) state.limits = inUseCase(checksOf(state), nowMs, scale());
      else await countOnce(state, nowMs);
    },
    after: async (request) => {
      const state = requestStateOf(request.context);
      if (state.limits && !state.limits.counted) await countOnce(state, nowOf.get(state) ?? Date.now());
    },
    onError: async (request) => {
      const state = findRequestState(request.context);
      if (!state?.inputReached || state.limits?.counted) return;
      try {
        await countOnce(state, nowOf.get(state) ?? Date.now());
      } catch (error) {
        // A full window (or a failed count) answers in place of the request's own error.
        request.error = error instanceof Error ? error : new Error(String(error));
      }
    },
  };
}
