import type { UseCaseRuntime } from '../domain/use-case-runtime.js';
import { newId } from '../kit/ids.js';
import { sleep } from '../lib/retry.js';

/** What every use case takes from the functions' runtime: the wall clock, ULIDs, and a real pause between tries. */
export const useCaseRuntime = { now: () => new Date(), newId, sleep } satisfies UseCaseRuntime;
