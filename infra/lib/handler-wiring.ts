import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { handlerEntry, REPO_ROOT } from './paths.js';

/**
 * The module every mail goes out through (the template mailer over SES). A function sends mail
 * exactly when its handler's imports reach it, so that is what grants ses:SendEmail: a route that
 * starts mailing gets the permission by the same rule, and one that stops loses it, without anyone
 * keeping a list. Our own wiring module, not the SES adapter, so how the adapter talks to SES does
 * not matter here. scripts/test/mail-grant-bundles.test.ts checks the answer against the bundles.
 */
export const MAIL_WIRING_MODULE = join(REPO_ROOT, 'functions', 'src', 'wiring', 'template-mail.ts');

/**
 * Relative imports that load code: `import ... from`, `export ... from`, side-effect imports and
 * `import()`. `import type` / `export type` are erased by the compiler and load nothing.
 */
const IMPORT_PATTERNS = [
  /^\s*(?:import|export)\s+(?!type\s)[^'";]*?\sfrom\s+'(\.{1,2}\/[^']+)'/gm,
  /^\s*import\s+'(\.{1,2}\/[^']+)'/gm,
  /\bimport\(\s*'(\.{1,2}\/[^']+)'\s*\)/g,
];

function relativeImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of source.matchAll(pattern)) {
      const specifier = match[1];
      if (specifier === undefined) continue;
      // Sources import their siblings as .js (NodeNext); the file on disk is .ts.
      const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
      if (existsSync(target)) found.push(target);
    }
  }
  return found;
}

/** Whether `entry` reaches `module` through the imports that load code. */
export function importsReach(entry: string, module: string): boolean {
  const seen = new Set<string>();
  const pending = [entry];
  while (pending.length > 0) {
    const file = pending.pop();
    if (file === undefined || seen.has(file)) continue;
    if (file === module) return true;
    seen.add(file);
    pending.push(...relativeImports(file));
  }
  return false;
}

/**
 * The handler kit's check of the header CloudFront adds (functions/src/kit/origin-header.ts). The
 * functions whose handlers load it get ORIGIN_SECRET_ARN and may read that one secret; `health`
 * does not load it and gets neither.
 */
export const ORIGIN_CHECK_MODULE = join(REPO_ROOT, 'functions', 'src', 'kit', 'origin-header.ts');

const cache = new Map<string, boolean>();

function handlerReaches(handlerId: string, module: string): boolean {
  const key = `${handlerId}\n${module}`;
  let answer = cache.get(key);
  if (answer === undefined) {
    // A pinned module that moved would make every answer "no" without a word: refuse it instead.
    if (!existsSync(module)) throw new Error(`${module} does not exist: point the pin at the module's new path`);
    const entry = handlerEntry(handlerId);
    answer = existsSync(entry) && importsReach(entry, module);
    cache.set(key, answer);
  }
  return answer;
}

/** Whether the handler of a route or job (functions/src/handlers/<id>.ts) sends mail; false when it has none. */
export const handlerSendsMail = (handlerId: string): boolean => handlerReaches(handlerId, MAIL_WIRING_MODULE);

/** Whether the handler checks the origin header (every route but `health`). */
export const handlerChecksOrigin = (handlerId: string): boolean => handlerReaches(handlerId, ORIGIN_CHECK_MODULE);
