import { createHash } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import {
  CognitoIdentityProviderClient,
  CognitoIdentityProviderServiceException,
  type ServiceOutputTypes,
} from '@aws-sdk/client-cognito-identity-provider';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach } from 'vitest';

/**
 * The Cognito user pool as the functions reach it: the Cognito client mocked with
 * aws-sdk-client-mock (adapters/cognito-directory.ts), each command read by its operation name.
 * Every call is recorded with its input; each operation answers `{}` unless a test sets an answer
 * or a Cognito error for it (optionally only for inputs that match). `useCognitoFake()` registers
 * its own hooks: emptied before each test, the client's own `send` put back after the file.
 * The mock replaces the client's whole `send`, retries included: each call is one attempt.
 */
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
  /** Every call that reached the fake, oldest first. */
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

/** Cognito's error as the client throws it: named by its code, with the answer's status. */
const failure = ({ code, message, status }: CognitoFakeError) =>
  new CognitoIdentityProviderServiceException({
    name: code,
    message,
    $fault: status >= 500 ? 'server' : 'client',
    $metadata: { httpStatusCode: status, attempts: 1 },
  });

const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
/** An ID token as Cognito hands it over, with these claims (the directory only decodes it). */
export const idTokenFor = (claims: Record<string, unknown>, signature = 'c2ln') =>
  `${b64({ alg: 'RS256' })}.${b64(claims)}.${signature}`;
/** The refresh cookie: HttpOnly, only for the auth routes, 7 days. */
export const refreshCookie = (token: string) =>
  `goldbot_rt=${token}; Path=/api/auth; HttpOnly; Secure; SameSite=Strict; Max-Age=604800`;
/** How the session registry keys a refresh token: its SHA-256, never the token. */
export const tokenHash = (token: string) => createHash('sha256').update(token).digest('hex');

/** The app client DescribeUserPoolClient answers unless a test says otherwise. */
export const TEST_CLIENT_SECRET = 'test-client-secret';
const TEST_CLIENT = { UserPoolClient: { ClientId: 'test-client', ClientSecret: TEST_CLIENT_SECRET } };

export function useCognitoFake(): CognitoFake {
  const calls: CognitoCall[] = [];
  let rules: Rule[] = [];

  const serve = (operation: string, input: Record<string, unknown>): object => {
    calls.push({ operation, input });
    const rule = rules.findLast((r) => r.operation === operation && (!r.match || matches(r.match, input)));
    if (!rule) return {};
    try {
      return rule.answer(input);
    } catch (error) {
      if (error instanceof CognitoFakeError) throw failure(error);
      throw error;
    }
  };
  const client = mockClient(CognitoIdentityProviderClient);
  const answerEveryCommand = () =>
    client.send.callsFake((command: { input: object }) =>
      // The command's class names the operation: SignUpCommand is SignUp.
      Promise.resolve().then(
        () =>
          serve(
            command.constructor.name.replace(/Command$/, ''),
            command.input as Record<string, unknown>,
          ) as ServiceOutputTypes,
      ),
    );

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
      // The web client is confidential: the adapter reads its secret once per module instance.
      rules = [{ operation: 'DescribeUserPoolClient', match: undefined, answer: () => TEST_CLIENT }];
      client.reset();
      answerEveryCommand();
    },
  };

  beforeEach(() => fake.reset());
  afterAll(() => client.restore());
  return fake;
}
