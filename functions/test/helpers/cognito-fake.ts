import { isDeepStrictEqual } from 'node:util';
import type { HttpRequest } from '@smithy/types';
import { beforeEach } from 'vitest';
import type { AwsResponse } from '../../src/adapters/aws-signed-request.js';
import { header, useAwsFakeService } from './aws-outbox.js';

/**
 * The Cognito user pool as the functions reach it: AWS JSON 1.1 requests over the signed-request
 * adapter (adapters/cognito-directory.ts), intercepted by their X-Amz-Target operation in place of
 * an SDK client mock. Every call is recorded with its decoded JSON input; each operation answers
 * `{}` unless a test sets an answer or an AWS error for it (optionally only for inputs that match).
 * `useCognitoFake()` registers its own hooks: emptied before each test, the network put back after
 * the file. Works beside useAwsOutbox() (SES, Lambda) in the same file.
 */
export const COGNITO_TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

export interface CognitoCall {
  /** The operation, e.g. 'SignUp', 'AdminUserGlobalSignOut'. */
  operation: string;
  input: Record<string, unknown>;
}

export interface CognitoRule {
  /** Answers the call with this output (200). */
  resolves(output: object): CognitoFake;
  /**
   * Answers the call with Cognito's error: `__type` and message, as the service sends them (400
   * unless told); `cognitoError(...)` or the code alone.
   */
  rejects(error: CognitoFakeError | string, message?: string, status?: number): CognitoFake;
  /** Answers from the call's input: an output, or an error thrown as `cognitoError(...)`. */
  callsFake(answer: (input: Record<string, unknown>) => object): CognitoFake;
}

export interface CognitoFake {
  /** Every call that reached the fake, oldest first (retries included). */
  readonly calls: CognitoCall[];
  /** The inputs of the calls of one operation, oldest first. */
  inputsOf(operation: string): Record<string, unknown>[];
  /** The operations called, in order. */
  operations(): string[];
  /**
   * Sets the answer of an operation, or only of its calls whose input matches `match` (a deep partial
   * match: objects by the keys given, arrays and values exactly). The latest matching rule wins.
   */
  on(operation: string, match?: Record<string, unknown>): CognitoRule;
  /** Forgets calls and answers: every operation answers `{}` again. */
  reset(): void;
}

/** Thrown from a callsFake answer: the fake answers with this Cognito error. */
export class CognitoFakeError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
  }
}
export const cognitoError = (code: string, message = code, status = 400) => new CognitoFakeError(code, message, status);

function matches(match: unknown, value: unknown): boolean {
  if (match && typeof match === 'object' && !Array.isArray(match)) {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return false;
    const object = value as Record<string, unknown>;
    return Object.entries(match).every(([key, expected]) => matches(expected, object[key]));
  }
  return isDeepStrictEqual(match, value);
}

interface Rule {
  operation: string;
  match: Record<string, unknown> | undefined;
  answer: (input: Record<string, unknown>) => object;
}

const ok = (output: object): AwsResponse => ({
  status: 200,
  headers: { 'content-type': 'application/x-amz-json-1.1' },
  body: JSON.stringify(output),
});
const failure = ({ code, message, status }: CognitoFakeError): AwsResponse => ({
  status,
  headers: { 'content-type': 'application/x-amz-json-1.1' },
  body: JSON.stringify({ __type: code, message }),
});

export function useCognitoFake(): CognitoFake {
  const calls: CognitoCall[] = [];
  let rules: Rule[] = [];

  const serve = (request: HttpRequest): AwsResponse | undefined => {
    const target = header(request, 'x-amz-target');
    if (!target?.startsWith(COGNITO_TARGET_PREFIX)) return undefined;
    if (!header(request, 'authorization')?.startsWith('AWS4-HMAC-SHA256 Credential=')) {
      throw new Error(`unsigned Cognito request ${target}`);
    }
    if (request.method !== 'POST' || request.path !== '/') throw new Error(`Cognito is POST /, not ${request.path}`);
    if (header(request, 'content-type') !== 'application/x-amz-json-1.1') {
      throw new Error(`Cognito request ${target} is not application/x-amz-json-1.1`);
    }
    const operation = target.slice(COGNITO_TARGET_PREFIX.length);
    const input = JSON.parse(typeof request.body === 'string' ? request.body : '{}') as Record<string, unknown>;
    calls.push({ operation, input });
    const rule = rules.findLast((r) => r.operation === operation && (!r.match || matches(r.match, input)));
    if (!rule) return ok({});
    try {
      return ok(rule.answer(input));
    } catch (error) {
      if (error instanceof CognitoFakeError) return failure(error);
      throw error;
    }
  };

  const fake: CognitoFake = {
    calls,
    inputsOf: (operation) => calls.filter((call) => call.operation === operation).map((call) => call.input),
    operations: () => calls.map((call) => call.operation),
    on(operation, match) {
      const add = (answer: Rule['answer']) => {
        rules.push({ operation, match, answer });
        return fake;
      };
      return {
        resolves: (output) => add(() => output),
        rejects: (error, message, status) =>
          add(() => {
            throw typeof error === 'string' ? cognitoError(error, message, status) : error;
          }),
        callsFake: (answer) => add(answer),
      };
    },
    reset() {
      calls.length = 0;
      rules = [];
    },
  };

  beforeEach(() => fake.reset());
  useAwsFakeService(serve);
  return fake;
}
