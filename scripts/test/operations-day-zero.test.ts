import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  appConcurrencyNeed,
  CONCURRENCY_QUOTA_CODE,
  STANDARD_CONCURRENCY,
} from '../preflight/checks/lambda-concurrency.js';

/**
 * docs/operations.md's "Day 0" list: the three requests a new account needs that AWS grants by hand
 * and that take days, asked for on the first day. The Lambda request must be the one the preflight
 * check would print (its quota code, and a value that covers the app).
 */
const doc = readFileSync(resolve(import.meta.dirname, '../../docs/operations.md'), 'utf8');
const start = doc.indexOf('## Day 0');
const dayZero = doc.slice(start, doc.indexOf('\n## ', start + 1));

describe('the Day 0 list of docs/operations.md', () => {
  it('comes before the preflight and the first deployment', () => {
    expect(start).toBeGreaterThan(0);
    expect(start).toBeLessThan(doc.indexOf('## Before the first deploy: `npm run preflight`'));
    expect(start).toBeLessThan(doc.indexOf('### 4.1 First deployment, step by step'));
  });

  it('lists CloudFront account verification through a support case, the Lambda quota and SES production access', () => {
    const items = [...dayZero.matchAll(/^\d\. \*\*([^*]+)\.\*\*/gm)].map((match) => match[1]);
    expect(items).toEqual(['CloudFront', 'Lambda concurrency', 'SES production access']);
    expect(dayZero).toMatch(/verif/);
    expect(dayZero).toContain('Support Center');
    expect(dayZero).toContain('first day');
  });

  it('asks for the Lambda quota the preflight check names, enough for every function of the app', () => {
    expect(dayZero).toContain(`--quota-code ${CONCURRENCY_QUOTA_CODE}`);
    expect(dayZero).toContain(`--desired-value ${STANDARD_CONCURRENCY}`);
    expect(STANDARD_CONCURRENCY).toBeGreaterThanOrEqual(appConcurrencyNeed().executions);
  });
});
