import { ApiError } from '@/lib/api-client';

/**
 * The server's own message when its error answer carried one, else the screen's fallback
 * ("On a non-OK answer the server's message is shown, else a fallback").
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const { message, msg } = error.body;
  const own = [message, msg].some((text) => typeof text === 'string' && text.trim() !== '');
  return own ? error.message : fallback;
}

/**
 * A failed action's notice: the fallback ('Failed to approve refund'), followed by the server's
 * own message when it sent one ('Failed to approve refund: This refund was already approved.').
 */
export function failureText(fallback: string, error: unknown): string {
  const message = errorMessage(error, fallback);
  return message === fallback ? message : `${fallback}: ${message}`;
}
