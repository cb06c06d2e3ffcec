import { expect } from 'vitest';
import type { ApiResponse } from '../http-client.js';

/**
 * The concurrency suite's harness: fire N requests at once over real HTTP,
 * then sort the answers into the one that took effect, the documented refusals, rate-limit
 * refusals (429, counted apart: a legitimate answer, never the reason an effect is missing) and
 * anything else, which fails the test. Every answer is also checked for what a person reads: no
 * 5xx, and a refusal carries a human sentence, not a stack trace or an error code.
 */
export const RACERS = 50;

export interface RaceAnswer {
  status: number;
  message: string;
}

export interface Tally {
  /** Status → count, e.g. { '201': 1, '409': 49 }: what the report lists per operation. */
  statuses: Record<string, number>;
  /** Message → count of every answer. */
  messages: Record<string, number>;
  ms: number;
}

const messageOf = (res: ApiResponse<unknown>): string => {
  const body = res.body as { message?: unknown; msg?: unknown };
  return typeof body.message === 'string' ? body.message : typeof body.msg === 'string' ? body.msg : '';
};

/** Starts `count` calls in the same tick and waits for all of them. */
export async function race<T>(
  count: number,
  call: (i: number) => Promise<ApiResponse<T>>,
): Promise<{ answers: ApiResponse<T>[]; tally: Tally }> {
  const started = performance.now();
  const answers = await Promise.all(Array.from({ length: count }, (_, i) => call(i)));
  const ms = Math.round(performance.now() - started);
  const statuses: Record<string, number> = {};
  const messages: Record<string, number> = {};
  for (const answer of answers) {
    statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
    // Names the suite made up (race-crowd7-1a2b3c4d) are folded, so the figures list each sentence once.
    const message = messageOf(answer as ApiResponse<unknown>).replace(/\brace[-_][\w-]+/g, '<name>');
    messages[message] = (messages[message] ?? 0) + 1;
  }
  return { answers, tally: { statuses, messages, ms } };
}

/**
 * The status multiset: exactly `winners` answers are the effect (`isWinner`), every other answer is
 * one of `allowed` (status and exact message) or a 429 with the rate-limit sentence; none is 5xx,
 * and every refusal says something a person can read.
 */
export function expectOutcome<T>(
  answers: ApiResponse<T>[],
  isWinner: (answer: ApiResponse<T>) => boolean,
  allowed: readonly { status: number; message: string | RegExp }[],
  winners = 1,
): { winners: ApiResponse<T>[]; rateLimited: number } {
  const won = answers.filter(isWinner);
  expect(won, `winning answers: ${JSON.stringify(won.map((a) => [a.status, a.body]))}`).toHaveLength(winners);
  let rateLimited = 0;
  for (const answer of answers) {
    expect(answer.status, answer.text).toBeLessThan(500);
    if (isWinner(answer)) continue;
    const message = messageOf(answer as ApiResponse<unknown>);
    expect(answer.text).not.toMatch(/\bat .+:\d+:\d+\)|Exception|TransactionCanceled|ConditionalCheck/);
    if (answer.status === 429) {
      rateLimited += 1;
      expect(message).toMatch(/^Too many requests\. Please wait \d+ seconds and try again\.$/);
      continue;
    }
    const documented = allowed.some(
      (a) =>
        a.status === answer.status && (typeof a.message === 'string' ? a.message === message : a.message.test(message)),
    );
    expect(documented, `undocumented answer ${answer.status} ${answer.text}`).toBe(true);
  }
  return { winners: won, rateLimited };
}

/** Figures per operation, printed once per file so a run reports what it saw. */
export const figures: { operation: string; tally: Tally }[] = [];

export function record(operation: string, tally: Tally): void {
  figures.push({ operation, tally });
}

export function printFigures(file: string): void {
  const lines = figures.map(
    ({ operation, tally }) =>
      `  ${operation}: ${Object.entries(tally.statuses)
        .map(([s, n]) => `${n}x${s}`)
        .join(' ')} in ${tally.ms} ms\n${Object.entries(tally.messages)
        .map(([m, n]) => `      ${n}x ${m || '(no message)'}`)
        .join('\n')}`,
  );
  console.info(`concurrency figures (${file}):\n${lines.join('\n')}`);
}
