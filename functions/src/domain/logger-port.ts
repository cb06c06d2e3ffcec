/**
 * What a use case writes to the log. The handler kit's structured logger (kit/logger.ts) is one;
 * a test passes its own. Declared here so the domain depends on no outer layer.
 */
export interface Logger {
  debug(message: string, extra?: Record<string, unknown>): void;
  info(message: string, extra?: Record<string, unknown>): void;
  warn(message: string, extra?: Record<string, unknown>): void;
  error(message: string, extra?: Record<string, unknown>): void;
  /** The same log with `context` added to every line. */
  child(context: Record<string, unknown>): Logger;
}
