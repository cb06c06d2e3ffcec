import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Stack } from 'aws-cdk-lib';
import type { CfnFunction } from 'aws-cdk-lib/aws-lambda';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../lib/paths.js';
import { synthGoldbot } from './helpers/synth.js';

/**
 * docs/operations.md names, for `sam local invoke`, the template file and logical id of every route
 * and job function. Both come from construct paths: this checks the table against the app, so a
 * renamed route or a moved construct cannot leave the operator a name that no longer exists.
 */
const synth = synthGoldbot();
afterAll(() => synth.cleanup());

const ROW = /^\| `([a-z0-9-]+)`\s*\| `([^`]+\.template\.json)`\s*\| `([A-Za-z0-9]+)`\s*\| (\d+) s\s*\|$/;

function documentedRows(): string[] {
  const doc = readFileSync(join(REPO_ROOT, 'docs', 'operations.md'), 'utf8');
  return doc
    .split('\n')
    .map((line) => ROW.exec(line.trim()))
    .filter((m): m is RegExpExecArray => m !== null)
    .map(([, id, file, logicalId, timeout]) => `${id} ${file} ${logicalId} ${timeout}`)
    .sort();
}

describe('the sam local invoke table of docs/operations.md', () => {
  it('lists every route and job function with its template, logical id and timeout, and nothing else', () => {
    const api = synth.stacks.api;
    const functions = [...api.routeFunctions, ...api.scheduledJobs].map((construct) => {
      const cfn = construct.function.node.defaultChild as CfnFunction;
      const stack = Stack.of(cfn);
      return `${construct.node.id} ${stack.templateFile} ${stack.getLogicalId(cfn)} ${stack.resolve(cfn.timeout)}`;
    });
    expect(functions.length).toBeGreaterThan(60);
    expect(documentedRows()).toEqual(functions.sort());
  });
});
