import type { Logger } from '../domain/logger-port.js';

/**
 * Structured JSON logs, one object per line (CloudWatch and the local console read them alike).
 * Values under sensitive keys are replaced before anything is written: passwords, tokens,
 * one-time codes and secrets never reach a log.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

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

export function createLogger(
  level: LogLevel,
  context: Record<string, unknown> = {},
  write: (line: string) => void = (line) => process.stdout.write(`${line}\n`),
): Logger {
  const emit = (at: Exclude<LogLevel, 'silent'>, message: string, extra?: Record<string, unknown>) => {
    if (ORDER[at] < ORDER[level]) return;
    const entry = {
      level: at,
      time: new Date().toISOString(),
      message,
      ...context,
      ...(extra ? (redact(extra) as object) : {}),
    };
    write(JSON.stringify(entry));
  };
  return {
    debug: (m, e) => emit('debug', m, e),
    info: (m, e) => emit('info', m, e),
    warn: (m, e) => emit('warn', m, e),
    error: (m, e) => emit('error', m, e),
    child: (more) => createLogger(level, { ...context, ...(redact(more) as object) }, write),
  };
}

/** A serialisable view of an error for logs: name, message and stack, never request data. */
export const describeError = (error: unknown): Record<string, unknown> =>
  error instanceof Error
    ? { errorName: error.name, errorMessage: error.message, stack: error.stack }
    : { errorName: typeof error, errorMessage: String(error) };
