/**
 * What a customer or an admin may be answered under faults, and how a chaos client retries: a 2xx;
 * a 4xx with a message a person can act on; a 503 with Retry-After and a message that says to try
 * again. Never another 5xx, never a request over 10 seconds.
 */
export const ANSWER_BUDGET_MS = 10_000;

export interface Answer {
  /** The operation and route, e.g. `submit-txid POST /api/payment/submit-usdt-payment`. */
  label: string;
  status: number;
  ms: number;
  retryAfter: string | null;
  message: string;
  body: Record<string, unknown>;
}

/** Why an answer is outside what a person may get, or null when it is one of the three. */
export function answerProblem(answer: Answer): string | null {
  const { status, ms, message, retryAfter } = answer;
  if (ms > ANSWER_BUDGET_MS) return `took ${(ms / 1000).toFixed(1)} s (the budget is ${ANSWER_BUDGET_MS / 1000} s)`;
  if (status >= 200 && status < 300) return null;
  if (status >= 400 && status < 500) return message.trim() === '' ? `${status} without a message` : null;
  if (status === 503) {
    if (!retryAfter) return '503 without Retry-After';
    return message.trim() === '' ? '503 without a message' : null;
  }
  return `${status}${message ? ` "${message}"` : ''}`;
}

/** An answer worth asking again: the service said to try again (503), or another request won a race (409 busy). */
export const isRetryable = (answer: Answer): boolean =>
  answer.status === 503 || answer.status === 429 || (answer.status === 409 && /try again/i.test(answer.message));

/**
 * How long a chaos client waits before asking again: Retry-After, shortened to at most `capMs` so
 * a run of thousands of operations takes minutes, not hours (the run compresses time; what it
 * checks is that the answer said when to come back, not that the client slept that long).
 */
export function retryDelayMs(answer: Answer, capMs: number): number {
  const seconds = Number(answer.retryAfter ?? 1);
  return Math.min(capMs, Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 1000);
}
