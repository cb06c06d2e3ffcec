import { DomainError } from '../../src/domain/errors.js';

/** The DomainError `run` is refused with; any other error is rethrown, and a success fails the test. */
export async function refusal(run: Promise<unknown>): Promise<DomainError> {
  try {
    await run;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a refusal');
}

/**
 * The DomainError (or the `kind` of one) `run` throws as it runs; any other error is rethrown, and
 * a return fails the test.
 */
export function thrownRefusal<E extends DomainError = DomainError>(
  run: () => unknown,
  kind?: new (...args: never[]) => E,
): E {
  try {
    run();
  } catch (error) {
    if (error instanceof (kind ?? DomainError)) return error as E;
    throw error;
  }
  throw new Error('expected a refusal');
}
