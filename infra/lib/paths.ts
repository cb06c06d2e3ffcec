import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Paths are resolved from this file, not the working directory: `cdk` runs from the repo root, vitest from anywhere. */
export const REPO_ROOT = resolve(import.meta.dirname, '..', '..');

/** Route and job handlers share one folder and one naming rule: functions/src/handlers/<id>.ts. */
export const handlerEntry = (id: string): string => join(REPO_ROOT, 'functions', 'src', 'handlers', `${id}.ts`);

/** Cognito user-pool triggers live beside them: functions/src/triggers/<name>.ts. */
export const triggerEntry = (name: string): string => join(REPO_ROOT, 'functions', 'src', 'triggers', `${name}.ts`);

/** The SPA build output; deployed only when it exists, so `cdk synth` works before `npm run build`. */
export const WEB_DIST = join(REPO_ROOT, 'web', 'dist');

export const webDistIfBuilt = (): string | undefined =>
  existsSync(join(WEB_DIST, 'index.html')) ? WEB_DIST : undefined;
