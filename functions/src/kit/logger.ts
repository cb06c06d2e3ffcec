import type { Context } from 'aws-lambda';
import { Logger as PowertoolsLogger, type LogItem } from '@aws-lambda-powertools/logger';
import type { ConstructorOptions } from '@aws-lambda-powertools/logger/types';
import type { Logger } from '../domain/logger-port.js';

/**
 * Structured JSON logs by Powertools Logger, one object per line on standard output (CloudWatch and
 * the local console read them alike): level, message, timestamp, service, and on a request or job
 * the Lambda context (function name, request id, cold start) and the correlation id. The level
 * comes from the environment (LOG_LEVEL, config.logLevel). Values under sensitive keys are replaced
 * before anything is written: passwords, tokens, one-time codes and secrets never reach a log.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

const SENSITIVE_KEY = /pass(word)?|token|otp|secret|authorization|cookie|^code$|credential/i;
const REDACTED = '[redacted]';

const MAX_DEPTH = 6;

/**
 * Beyond MAX_DEPTH an object is replaced, never passed through unredacted; a reference back to an
 * enclosing object is replaced too (JSON.stringify would throw on it).
 */
export function redact(value: unknown, depth = 0, ancestors: WeakSet<object> = new WeakSet()): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > MAX_DEPTH) return '[truncated]';
  if (ancestors.has(value)) return '[circular]';
  ancestors.add(value);
  let out: unknown;
  if (Array.isArray(value)) {
    out = value.map((v) => redact(v, depth + 1, ancestors));
  } else {
    const copy: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      copy[key] = SENSITIVE_KEY.test(key) ? REDACTED : redact(v, depth + 1, ancestors);
    }
    out = copy;
  }
  ancestors.delete(value);
  return out;
}

/** Declared with the use cases that write to it (domain/logger-port.ts); createLogger makes one. */
export type { Logger };

/** The kit's logger: the domain's port, plus the per-invocation logger the kit starts each run with. */
export interface KitLogger extends Logger {
  /**
   * A logger for one invocation: the Lambda context (function name and version, request id, cold
   * start) and the correlation id (API Gateway's request id) on every line.
   */
  forInvocation(context: Partial<Context>, correlationId?: string): Logger;
}

type LineWriter = (line: string) => void;
const toStdout: LineWriter = (line) => process.stdout.write(`${line}\n`);

/** Serialisation's last word: whatever reaches a line under a sensitive key is replaced. */
const redactingReplacer = (key: string, value: unknown) => (key !== '' && SENSITIVE_KEY.test(key) ? REDACTED : value);

/**
 * Powertools' Logger writing every level to one stream (stdout by default; a test passes its own),
 * as Lambda and the local stack both read it. Children keep the writer.
 */
class LineLogger extends PowertoolsLogger {
  #write: LineWriter | undefined;

  constructor(options: ConstructorOptions, write: LineWriter) {
    super(options);
    this.#write = write;
  }

  protected override printLog(logLevel: number, log: LogItem): void {
    log.prepareForPrint();
    (this.#write ?? toStdout)(JSON.stringify(log.getAttributes(), this.getJsonReplacer()));
  }

  protected override createLogger(options?: ConstructorOptions): LineLogger {
    return new LineLogger(options ?? {}, this.#write ?? toStdout);
  }
}

const asPort = (logger: PowertoolsLogger): KitLogger => ({
  // Extras are redacted before Powertools sees them, and the replacer redacts again on the way out.
  debug: (m, e) => logger.debug(m, redact(e ?? {}) as Record<string, unknown>),
  info: (m, e) => logger.info(m, redact(e ?? {}) as Record<string, unknown>),
  warn: (m, e) => logger.warn(m, redact(e ?? {}) as Record<string, unknown>),
  error: (m, e) => logger.error(m, redact(e ?? {}) as Record<string, unknown>),
  child: (more) => asPort(logger.createChild({ persistentKeys: redact(more) as Record<string, unknown> })),
  forInvocation: (context, correlationId) => {
    const child = logger.createChild();
    if (context.awsRequestId) child.addContext(context as Context);
    if (correlationId) child.setCorrelationId(correlationId);
    return asPort(child);
  },
});

/** A logger at `level` with `context` on every line (`service` names the Powertools service). */
export function createLogger(
  level: LogLevel,
  context: Record<string, unknown> = {},
  write: LineWriter = toStdout,
): KitLogger {
  const { service, ...keys } = context;
  return asPort(
    new LineLogger(
      {
        logLevel: level.toUpperCase() as Uppercase<LogLevel>,
        serviceName: typeof service === 'string' ? service : 'goldbot',
        persistentKeys: redact(keys) as Record<string, unknown>,
        jsonReplacerFn: redactingReplacer,
      },
      write,
    ),
  );
}

/** A serialisable view of an error for logs: name, message and stack, never request data. */
export const describeError = (error: unknown): Record<string, unknown> =>
  error instanceof Error
    ? { errorName: error.name, errorMessage: error.message, stack: error.stack }
    : { errorName: typeof error, errorMessage: String(error) };

/**
 * A failure callback for work that must never undo what was committed (a mail, a check after the
 * commit): logs `message` at error level with the entity's id under `idName`, and the error.
 */
export const logFailure =
  (log: Logger, message: string, idName: string) =>
  (error: unknown, id: string): void =>
    log.error(message, { [idName]: id, ...describeError(error) });
