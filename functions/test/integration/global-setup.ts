import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { spawnLocalStack } from '../../../scripts/local/spawn-stack.js';
import type { LocalStackInfo } from '../../../scripts/local/stack.js';

declare module 'vitest' {
  export interface ProvidedContext {
    localStack: LocalStackInfo;
  }
}

/**
 * Starts the real local stack (DynamoDB Local, cognito-local, SES emulator, gateway) on free
 * ports with a throw-away data folder, so integration tests never touch `npm start`'s data.
 * `bundled`: the gateway runs the synthesized bundles (`npm start -- --bundled`).
 */
export async function provideLocalStack(project: TestProject, options: { bundled?: boolean; timeoutMs?: number } = {}) {
  const root = resolve(import.meta.dirname, '../../..');
  const dataDir = mkdtempSync(join(tmpdir(), 'goldbot-it-'));
  // Every suite signs up and signs in far more often than a person would: raise the per-client
  // limits (rate-limits.test.ts checks them at the default scale on a gateway of its own).
  process.env.RATE_LIMIT_SCALE ??= '100';
  const stack = await spawnLocalStack({ root, dataDir, ...options });
  project.provide('localStack', stack.info);
  return async () => {
    await stack.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

export default (project: TestProject) => provideLocalStack(project);
