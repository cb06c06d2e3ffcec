import { ValidationError } from '../domain/errors.js';

/**
 * Opaque pagination cursors: DynamoDB's LastEvaluatedKey as base64url JSON. Decoding checks the
 * shape and that the key stays inside the partition being listed, so a forged cursor cannot
 * read another list.
 */
export type Key = Record<string, string | number>;

/** The answer to a cursor that is not one this list handed out. */
export const invalidCursorError = () =>
  new ValidationError('The page cursor is invalid. Reload the list and try again.', { cursor: 'Invalid cursor' });

export const encodeCursor = (key: Key | undefined): string | null =>
  key ? Buffer.from(JSON.stringify(key), 'utf8').toString('base64url') : null;

/**
 * `keyNames`, when given, are the exact attribute names of the index's start key (table keys plus
 * index keys): DynamoDB rejects any other start key, which would otherwise surface as a 500.
 */
export function decodeCursor(
  cursor: string | undefined,
  expected: Partial<Key>,
  keyNames?: readonly string[],
): Key | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  const invalid = invalidCursorError;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalid();
  const key = parsed as Record<string, unknown>;
  for (const value of Object.values(key)) {
    if (typeof value !== 'string' && typeof value !== 'number') throw invalid();
  }
  for (const [name, value] of Object.entries(expected)) {
    if (key[name] !== value) throw invalid();
  }
  if (keyNames) {
    const names = Object.keys(key);
    if (names.length !== keyNames.length || !keyNames.every((name) => Object.hasOwn(key, name))) throw invalid();
  }
  return key as Key;
}

/**
 * The attribute names of a cursor's key (none without a cursor), to tell which of the lists a
 * search reads one after the other handed it out. The list's own decode still checks it.
 */
export const cursorKeyNames = (cursor: string | undefined): string[] => Object.keys(decodeCursor(cursor, {}) ?? {});
