import { beforeAll } from 'vitest';
import { releaseAmountHolds } from './fixtures.js';

// Each integration file starts with every payment amount free (fixtures.ts releaseAmountHolds says why).
beforeAll(releaseAmountHolds);
