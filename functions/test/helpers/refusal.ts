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
