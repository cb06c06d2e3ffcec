import { describe, expect, it } from 'vitest';
import { createLogger, describeError, redact, type LogLevel } from '../../src/kit/logger.js';

function capture(level: LogLevel, context: Record<string, unknown> = {}) {
  const lines: string[] = [];
  const log = createLogger(level, context, (line) => lines.push(line));
  const entries = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>);
  return { log, lines, entries };
}

/** Wraps a value `depth` objects deep: {level1: {level2: ... value}}. */
function nest(depth: number, value: unknown): Record<string, unknown> {
  let current: Record<string, unknown> = { leaf: value };
  for (let i = depth; i >= 1; i -= 1) current = { [`level${i}`]: current };
  return current;
}

describe('redact', () => {
  it.each([
    'password',
    'newPassword',
    'currentPassword',
    'pass',
    'token',
    'accessToken',
    'refreshToken',
    'idToken',
    'otp',
    'otpHash',
    'code',
    'authorization',
    'Authorization',
    'cookie',
    'clientSecret',
    'credentials',
  ])('hides the value under "%s"', (key) => {
    expect(redact({ [key]: 'SECRET-VALUE', keep: 'visible' })).toEqual({ [key]: '[redacted]', keep: 'visible' });
  });

  it('keeps ordinary keys, including ones that merely contain "code"', () => {
    const input = { email: 'a@example.com', referralCode: 'GOLD10', statusCode: 200, userId: 'u1' };
    expect(redact(input)).toEqual(input);
  });

  it('hides whole sub-objects under a sensitive key', () => {
    expect(redact({ headers: { Authorization: { scheme: 'Bearer', value: 'abc' } } })).toEqual({
      headers: { Authorization: '[redacted]' },
    });
  });

  it('redacts inside arrays and nested objects', () => {
    const input = {
      users: [
        { email: 'a@example.com', password: 'p1' },
        { email: 'b@example.com', otp: '1234' },
      ],
    };
    expect(redact(input)).toEqual({
      users: [
        { email: 'a@example.com', password: '[redacted]' },
        { email: 'b@example.com', otp: '[redacted]' },
      ],
    });
  });

  it.each([1, 3, 6, 8, 12, 40])('never lets a secret through at depth %i', (depth) => {
    const output = JSON.stringify(redact(nest(depth, { password: 'SECRET-VALUE', token: 'SECRET-TOKEN' })));
    expect(output).not.toContain('SECRET-VALUE');
    expect(output).not.toContain('SECRET-TOKEN');
  });

  it('survives circular references', () => {
    const loop: Record<string, unknown> = { name: 'loop', password: 'SECRET-VALUE' };
    loop.self = loop;
    const output = JSON.stringify(redact(loop));
    expect(output).not.toContain('SECRET-VALUE');
    expect(output).toContain('"name":"loop"');
  });

  it('keeps an object that is referenced twice without a cycle', () => {
    const shared = { plan: 'Pro Package' };
    expect(redact({ current: shared, previous: shared })).toEqual({ current: shared, previous: shared });
  });

  it('leaves primitives alone and does not mutate its input', () => {
    expect(redact('text')).toBe('text');
    expect(redact(42)).toBe(42);
    expect(redact(null)).toBeNull();
    const input = { password: 'x' };
    redact(input);
    expect(input.password).toBe('x');
  });
});

describe('createLogger', () => {
  it('writes one JSON object per line with level, timestamp, message, service and context (Powertools Logger)', () => {
    const { log, lines, entries } = capture('debug', { service: 'test', area: 'probe' });
    log.info('hello', { count: 2 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('\n');
    const [entry] = entries();
    expect(entry).toMatchObject({ level: 'INFO', message: 'hello', service: 'test', area: 'probe', count: 2 });
    expect(Number.isNaN(Date.parse(String(entry?.timestamp)))).toBe(false);
  });

  it('adds the Lambda context and the correlation id for one invocation, redacted like the rest', () => {
    const { log, entries } = capture('info');
    const run = log.forInvocation(
      { functionName: 'goldbot-auth-me', functionVersion: '$LATEST', awsRequestId: 'req-9', memoryLimitInMB: '256' },
      'api-req-9',
    );
    run.child({ routeId: 'auth-me', cookie: 'refresh=SECRET' }).info('request completed', { status: 200 });
    log.info('outside the invocation');
    const [inside, outside] = entries();
    expect(inside).toMatchObject({
      message: 'request completed',
      function_name: 'goldbot-auth-me',
      function_request_id: 'req-9',
      correlation_id: 'api-req-9',
      routeId: 'auth-me',
      cookie: '[redacted]',
      status: 200,
    });
    expect(outside).not.toHaveProperty('correlation_id');
    expect(outside).not.toHaveProperty('function_request_id');
  });

  it('filters below the configured level', () => {
    const { log, entries } = capture('warn');
    log.debug('d');
    log.info('i');
    log.warn('w');
    log.error('e');
    expect(entries().map((e) => [e.level, e.message])).toEqual([
      ['WARN', 'w'],
      ['ERROR', 'e'],
    ]);
  });

  it('writes everything at debug and nothing when silent', () => {
    const all = capture('debug');
    const none = capture('silent');
    for (const { log } of [all, none]) {
      log.debug('d');
      log.info('i');
      log.warn('w');
      log.error('e');
    }
    expect(all.entries().map((e) => e.level)).toEqual(['DEBUG', 'INFO', 'WARN', 'ERROR']);
    expect(none.lines).toEqual([]);
  });

  it('redacts extra fields at any depth before writing', () => {
    const { log, lines } = capture('info');
    log.info('login', {
      email: 'a@example.com',
      password: 'hunter2',
      request: { headers: { authorization: 'Bearer abc.def' }, body: { otp: '4821' } },
    });
    log.error('deep', nest(10, { refreshToken: 'rt-SECRET' }));
    const text = lines.join('\n');
    for (const secret of ['hunter2', 'Bearer abc.def', '4821', 'rt-SECRET']) expect(text).not.toContain(secret);
    expect(text).toContain('a@example.com');
  });

  it('child loggers add (redacted) context and keep the level', () => {
    const { log, entries } = capture('info', { service: 'test' });
    const child = log.child({ requestId: 'r-1', token: 'SECRET' });
    child.debug('hidden');
    child.info('shown');
    expect(entries()).toHaveLength(1);
    expect(entries()[0]).toMatchObject({ service: 'test', requestId: 'r-1', token: '[redacted]', message: 'shown' });
  });
});

describe('describeError', () => {
  it('keeps name, message and stack of an Error', () => {
    const error = new TypeError('boom');
    expect(describeError(error)).toEqual({ errorName: 'TypeError', errorMessage: 'boom', stack: error.stack });
  });

  it('describes thrown non-errors', () => {
    expect(describeError('oops')).toEqual({ errorName: 'string', errorMessage: 'oops' });
  });
});
