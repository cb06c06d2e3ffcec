import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { build } from 'esbuild';
import { handlerEntry, triggerEntry } from '../../infra/lib/paths.js';
import { describe, expect, it } from 'vitest';
import { implementedRoutes } from '@goldbot/shared';
import {
  aliasesOf,
  BUNDLE_BUDGET_BYTES,
  esbuildOptions,
  functionEntries,
  judgeBundle,
  zippedSize,
  type BundleFigures,
} from '../bench/bundle-size-section.js';

const bundle = (zippedBytes: number, kind: BundleFigures['kind'] = 'route'): BundleFigures => ({
  id: 'auth-login',
  kind,
  minifiedBytes: zippedBytes * 4,
  zippedBytes,
});

describe('bundle-size section', () => {
  it('sizes a one-file zip as its deflated content plus the zip headers', () => {
    const code = Buffer.from('export const handler = async () => ({ statusCode: 200 });\n'.repeat(200));
    const deflated = deflateRawSync(code, { level: 9 }).length;
    // Local header (30) and central directory entry (46), each with the name, and the end record (22).
    expect(zippedSize(code, 'index.mjs')).toBe(deflated + 30 + 9 + 46 + 9 + 22);
    expect(zippedSize(code, 'index.mjs')).toBeLessThan(code.length);
  });

  it('reports an over-budget bundle until the budget is enforced, then fails it', () => {
    expect(judgeBundle(bundle(BUNDLE_BUDGET_BYTES), BUNDLE_BUDGET_BYTES, true).verdict).toBe('pass');
    expect(judgeBundle(bundle(BUNDLE_BUDGET_BYTES + 1), BUNDLE_BUDGET_BYTES, false).verdict).toBe('reported');
    expect(judgeBundle(bundle(BUNDLE_BUDGET_BYTES + 1), BUNDLE_BUDGET_BYTES, true).verdict).toBe('fail');
    expect(judgeBundle(bundle(BUNDLE_BUDGET_BYTES * 2, 'baseline'), BUNDLE_BUDGET_BYTES, true).verdict).toBe(
      'reported',
    );
    expect(judgeBundle(bundle(256_000), BUNDLE_BUDGET_BYTES, false).detail).toBe(
      '250.0 KB zipped (1000.0 KB minified), budget 250.0 KB',
    );
  });

  it("bundles with the CDK's settings: minified ESM for Node 22, the SDK inside, no embedded sources", () => {
    const options = esbuildOptions();
    expect(options).toMatchObject({
      bundle: true,
      platform: 'node',
      target: 'node22',
      format: 'esm',
      minify: true,
      sourcemap: 'external',
      sourcesContent: false,
      external: [],
      mainFields: ['module', 'main'],
    });
    expect(options.banner?.js).toContain('createRequire');
    // The SDK's credential chain is swapped for the environment link, as `cdk synth` does.
    expect(options.alias?.['@aws-sdk/credential-provider-node']).toMatch(
      /functions\/src\/adapters\/lambda-credentials\.ts$/,
    );
    // handlebars' optional source-map dependency is left out.
    expect(options.alias?.['source-map']).toMatch(/functions\/src\/kit\/bundle-stubs\/no-source-map\.ts$/);
  });

  it("mirrors the CDK's --alias arguments and refuses any other extra argument", () => {
    expect(aliasesOf({ '--alias': ['a=/x/a.ts', '@s/b=c'] })).toEqual({ a: '/x/a.ts', '@s/b': 'c' });
    expect(aliasesOf(undefined)).toEqual({});
    expect(() => aliasesOf({ '--define:X': '1' })).toThrow(/not mirrored/);
    expect(() => aliasesOf({ '--alias': ['no-target'] })).toThrow(/malformed/);
  });
});

const REPO = join(import.meta.dirname, '..', '..');

/** Every .ts file under a folder of the repository (the bundled sources). */
function sourcesUnder(folder: string): string[] {
  const root = join(REPO, folder);
  return readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => join(root, file));
}

/** The module specifiers a source imports or re-exports from (static imports only). */
const specifiersOf = (file: string): string[] =>
  [...readFileSync(file, 'utf8').matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*'([^']+)'/gm)].map((m) => m[1] ?? '');

describe('what the Lambda bundles may import', () => {
  const lambdaSources = [...sourcesUnder('shared/src'), ...sourcesUnder('functions/src')];
  const ZOD_MODULE = join(REPO, 'shared', 'src', 'zod.ts');

  it('uses zod/mini, with English messages, through shared/src/zod.ts alone', () => {
    // zod classic ('zod', 'zod/v4') hangs every chainable method on each schema's prototype, so a
    // bundle carries all of them: about 75 KB minified and 8-16 ms of cold import per function.
    // zod/mini's checks are functions esbuild drops when unused (about 15 KB). shared/src/zod.ts
    // also registers zod's English messages, which mini leaves out: a schema built from 'zod/mini'
    // imported directly could run before it and answer "Invalid input" where it said more.
    const direct = lambdaSources.filter(
      (file) => file !== ZOD_MODULE && specifiersOf(file).some((spec) => /^zod(\/|$)/.test(spec)),
    );
    expect(direct).toEqual([]);
    expect([...new Set(specifiersOf(ZOD_MODULE))].sort()).toEqual(['zod/locales', 'zod/mini']);
  });

  it("imports zod as a namespace: a { z } import keeps zod's whole namespace object", () => {
    // `import { z } from ...` names a re-exported namespace object, which esbuild keeps whole:
    // every check, every locale (mini re-exports them all), in every function. Types are fine.
    const offenders = lambdaSources.filter((file) =>
      /^import\s*(?:type\s*)?\{[^}]*\bz\b[^}]*\}\s*from\s*'(?:zod[^']*|@goldbot\/shared\/zod|(?:\.\.?\/)+zod\.js)'/m.test(
        readFileSync(file, 'utf8'),
      ),
    );
    expect(offenders).toEqual([]);
  });

  it.each([
    ['auth-login', handlerEntry('auth-login')],
    ['seed-defaults', triggerEntry('seed-defaults')],
  ])('bundles %s with zod/mini and its English messages, without zod classic', async (_id, entry) => {
    const result = await build({ ...esbuildOptions(), entryPoints: [entry], outfile: 'index.mjs', metafile: true });
    // What reached the bundle (metafile.inputs also lists files esbuild read and then tree-shook away).
    const kept = Object.values(result.metafile.outputs).flatMap((output) =>
      Object.entries(output.inputs)
        .filter(([, input]) => input.bytesInOutput > 0)
        .map(([path]) => path),
    );
    const zodFiles = kept.filter((path) => path.includes('node_modules/zod/'));
    expect(zodFiles.some((path) => path.includes('/v4/mini/'))).toBe(true);
    expect(zodFiles.filter((path) => path.includes('/v4/classic/'))).toEqual([]);
    // The locale is in, so the config(en()) call that uses it survived tree-shaking ("sideEffects").
    expect(zodFiles.filter((path) => path.includes('/locales/'))).toEqual([
      expect.stringMatching(/node_modules\/zod\/v4\/locales\/en\.js$/),
    ]);
  });

  it.each([
    ['health', /@aws-sdk\/|@smithy\//],
    [
      'packages-list',
      /client-cognito-identity-provider|adapters\/cognito-directory\.ts|adapters\/ses-mailer\.ts|handlebars/,
    ],
    // Each account route wires only the capabilities its use case asks for (services/auth-service.ts).
    // (The Secrets Manager client itself is in every route but health, loaded lazily for the origin
    // header check, kit/origin-header.ts; the OTP key reader, adapters/secrets.ts, is not.)
    [
      'auth-me',
      /client-cognito-identity-provider|adapters\/cognito-directory\.ts|adapters\/ses-mailer\.ts|adapters\/secrets\.ts|handlebars/,
    ],
    ['auth-logout', /adapters\/ses-mailer\.ts|adapters\/secrets\.ts|handlebars/],
    [
      'auth-verify-reset-otp',
      /client-cognito-identity-provider|adapters\/cognito-directory\.ts|adapters\/ses-mailer\.ts|handlebars/,
    ],
    // Template data and the renderer live apart (domain/email/templates.ts, render.ts), and the
    // session guard reads the profile alone (data/profile-store.ts), not the whole account store.
    ['payment-subscriptions', /adapters\/ses-mailer\.ts|handlebars|data\/auth-store\.ts/],
    ['settings-email-templates-get', /adapters\/ses-mailer\.ts|handlebars/],
    ['withdrawal-request', /adapters\/ses-mailer\.ts|handlebars/],
    // Only the TXID submission starts an on-chain check (the signed Lambda invoke).
    ['payment-create-free-trial', /services\/chain-check-trigger\.ts/],
    // Mail renders with its own parser and a small interpreter (domain/email/template-parser.ts,
    // render.ts), and the editor's check with handlebars' parser alone: no function bundles the
    // template compiler (~45 KB).
    ...['auth-register', 'payment-approve-usdt', 'job-expiry-reminders', 'settings-email-templates-put'].map(
      (id): [string, RegExp] => [
        id,
        /handlebars\/(lib|dist\/cjs\/handlebars(\.js|\/compiler\/(javascript-)?compiler))/,
      ],
    ),
  ])('bundles %s without the clients it never uses', async (id, forbidden) => {
    const result = await build({
      ...esbuildOptions(),
      entryPoints: [handlerEntry(id)],
      outfile: 'index.mjs',
      metafile: true,
    });
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((path) => path.includes('functions/src/kit/'))).toBe(true);
    expect(inputs.filter((path) => forbidden.test(path))).toEqual([]);
  });

  /** Every function bundled in one esbuild run (about 10 s on 2 busy cores), shared by the pins below. */
  let everyBundle: Promise<{ ids: number; kept: Map<string, string[]> }> | undefined;
  const bundleEveryFunction = () =>
    (everyBundle ??= (async () => {
      const entries = functionEntries(REPO);
      const result = await build({
        ...esbuildOptions(),
        entryPoints: Object.fromEntries(entries.map((entry) => [entry.id, entry.path])),
        outdir: 'bundles',
        metafile: true,
      });
      // Per function id, the inputs that reached its bundle (bytes in the output).
      const kept = new Map(
        Object.entries(result.metafile.outputs)
          .filter(([file]) => file.endsWith('.mjs'))
          .map(([file, output]): [string, string[]] => [
            /([^/]+)\.mjs$/.exec(file)?.[1] ?? file,
            Object.entries(output.inputs)
              .filter(([, input]) => input.bytesInOutput > 0)
              .map(([path]) => path),
          ]),
      );
      return { ids: entries.length, kept };
    })());

  it('bundles handlebars only where an admin saves a template (its parser costs +0.13× cold import)', async () => {
    // Mail is parsed by domain/email/template-parser.ts, escaped by render.ts' own escapeHtml: no
    // mail function needs any part of handlebars. Only the save check (template-check.ts, through
    // template-save.ts) reads a template with handlebars' parser too, for its detailed reasons and
    // to refuse what the mail parser would read differently; no other route, job or trigger runs it.
    const TEMPLATE_CHECK_FUNCTIONS = ['settings-email-templates-put'];
    const { ids, kept } = await bundleEveryFunction();
    const withHandlebars = [...kept]
      .filter(([, inputs]) => inputs.some((path) => path.includes('node_modules/handlebars/')))
      .map(([id]) => id);
    expect(ids).toBeGreaterThan(50);
    expect(kept.size).toBe(ids);
    expect(withHandlebars.sort()).toEqual(TEMPLATE_CHECK_FUNCTIONS);
  }, 120_000);

  it('bundles no SES or Lambda client: mail and the chain-check invoke go over the signed-request adapter', async () => {
    // adapters/aws-signed-request.ts signs SESv2 SendEmail and Lambda Invoke with what the DynamoDB
    // client already bundles (about 2.5 KB); the clients cost +0.14× (SES) and +0.28× (Lambda) cold import.
    const { ids, kept } = await bundleEveryFunction();
    expect(kept.size).toBe(ids);
    const withClients = [...kept].flatMap(([id, inputs]) =>
      inputs
        .filter((path) => /node_modules\/@aws-sdk\/client-(ses|sesv2|lambda)\//.test(path))
        .map((path) => `${id}: ${path}`),
    );
    expect(withClients).toEqual([]);
    // The mailing functions and the TXID submission do carry the adapter.
    for (const id of [
      'auth-register',
      'payment-approve-usdt',
      'withdrawal-approve',
      'job-send-activation-emails',
      'payment-submit-usdt',
    ]) {
      expect(kept.get(id)).toContain('functions/src/adapters/aws-signed-request.ts');
    }
  }, 120_000);

  it('bundles no Cognito or Secrets Manager client on any route or job: both go over the signed-request adapter', async () => {
    // adapters/cognito-directory.ts and secrets.ts send AWS JSON 1.1 requests through
    // adapters/aws-signed-request.ts; the clients cost the account routes +0.08× (Cognito) and
    // +0.03× (Secrets Manager) cold import. Only the Cognito PreSignUp trigger (Google sign-in,
    // triggers/pre-sign-up.ts: ListUsers, AdminLinkProviderForUser) keeps the Cognito client: it
    // runs once per first Google sign-in, on no request path of ours.
    const SDK_COGNITO_FUNCTIONS = ['pre-sign-up'];
    const { ids, kept } = await bundleEveryFunction();
    expect(kept.size).toBe(ids);
    const using = (client: RegExp) =>
      [...kept]
        .filter(([, inputs]) => inputs.some((path) => client.test(path)))
        .map(([id]) => id)
        .sort();
    expect(using(/node_modules\/@aws-sdk\/client-cognito-identity-provider\//)).toEqual(SDK_COGNITO_FUNCTIONS);
    // The Secrets Manager client: only the origin header check's (kit/origin-header.ts, imported
    // lazily), in every route but health, never in a job.
    expect(using(/node_modules\/@aws-sdk\/client-secrets-manager\//)).toEqual(
      implementedRoutes()
        .map((route) => route.id)
        .filter((id) => id !== 'health')
        .sort(),
    );
    // The account routes, the admin deactivation and the secret readers do carry the adapters.
    for (const id of ['auth-login', 'auth-reset-password', 'auth-update-user', 'admin-user-deactivate']) {
      expect(kept.get(id)).toContain('functions/src/adapters/cognito-directory.ts');
      expect(kept.get(id)).toContain('functions/src/adapters/aws-signed-request.ts');
    }
    expect([...kept].filter(([, inputs]) => inputs.includes('functions/src/adapters/secrets.ts'))).not.toEqual([]);
  }, 120_000);

  it('defines every module-level schema of shared as /* @__PURE__ */ schema(() => ...)', () => {
    // Unannotated, building a schema looks like a side effect to esbuild, so every bundle that
    // imports one schema from shared would build and carry all of them (shared/src/schemas/schema.ts).
    const definition = /^(?:export )?const (\w+)(?::[^=]*)? = ((?:\/\* @__PURE__ \*\/ )?)(z\b|\w+\()/gm;
    const factoryCall = /^(?:z|schema|requiredText|emailSchema|otpSchema|preprocess|wholeNumberFilter)\b/;
    const offenders = sourcesUnder('shared/src').flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(definition)]
        .filter(([, , pure, call = '']) => factoryCall.test(call) && !(pure && call === 'schema('))
        .map(([, name]) => `${file.slice(REPO.length + 1)}: ${name}`),
    );
    expect(offenders).toEqual([]);
  });

  it.each([
    // An admin list: its query schema (adminListQuerySchema, on pageQuerySchema), no other.
    ['payment-all', ['search is too long', 'limit must be a number']],
    // contact.ts reads EMAIL_PATTERN from auth.ts, and none of auth's schemas comes along.
    ['contact-list', ['since must be an ISO-8601 date and time', 'limit must be a number']],
    // No schema of shared at all.
    ['settings-subscription-get', []],
  ])('bundles %s with only the schemas it uses, and English messages', async (id, used) => {
    const result = await build({ ...esbuildOptions(), entryPoints: [handlerEntry(id)], outfile: 'index.mjs' });
    const code = result.outputFiles?.find((file) => file.path.endsWith('.mjs'))?.text ?? '';
    // zod's English locale: the config(en()) of shared/src/zod.ts survived.
    expect(code).toContain('Invalid input: expected');
    for (const text of used) expect(code).toContain(text);
    // Texts only other schemas carry (auth, contact, withdrawals, settings, audit log).
    const othersOnly = [
      'Please enter the 6-digit code from your authenticator app.',
      'Username is required',
      'since must be an ISO-8601 date and time',
      'Please enter a valid TRC20 address',
      'status must be all, pending, approved or rejected',
      'templates must map template types to HTML',
      'month must look like 2026-11',
    ];
    for (const text of othersOnly.filter((other) => !used.includes(other))) expect(code).not.toContain(text);
  });
});
