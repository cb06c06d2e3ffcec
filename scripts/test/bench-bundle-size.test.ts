import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateRawSync } from 'node:zlib';
import { build } from 'esbuild';
import { handlerEntry, triggerEntry } from '../../infra/lib/paths.js';
import { describe, expect, it } from 'vitest';
import { ROUTES, SCHEDULES } from '@goldbot/shared';
import { cognitoCallsOf, jobAccess, routeAccess } from '../../infra/lib/access.js';
import {
  baselineClientsOf,
  baselineHandler,
  baselineImportsOf,
  baselineName,
  buildBundles,
  bundleFunction,
  bundleText,
  BUNDLE_BUDGET_BYTES,
  esbuildOptions,
  functionEntries,
  judgeBundle,
  SDK_CLIENT_PACKAGES,
  SDK_CLIENTS,
  staticLibraries,
  staticSdkClients,
  zippedSize,
  type BundleFigures,
  type SdkClient,
} from '../bench/bundle-size-section.js';

const bundle = (zippedBytes: number, kind: BundleFigures['kind'] = 'route'): BundleFigures => ({
  id: 'auth-login',
  kind,
  minifiedBytes: zippedBytes * 4,
  zippedBytes,
});

describe('bundle-size section', () => {
  it("sizes a zip as its files' deflated contents plus the zip headers", () => {
    const code = Buffer.from('export const handler = async () => ({ statusCode: 200 });\n'.repeat(200));
    const chunk = Buffer.from('export const mail = async () => "sent";\n'.repeat(50));
    const deflated = (content: Buffer) => deflateRawSync(content, { level: 9 }).length;
    const index = { path: 'index.mjs', contents: code };
    // Local header (30) and central directory entry (46), each with the name, and the end record (22).
    expect(zippedSize([index])).toBe(deflated(code) + 30 + 9 + 46 + 9 + 22);
    expect(zippedSize([index])).toBeLessThan(code.length);
    const name = 'chunks/mail-AB12CD34.mjs'.length;
    expect(zippedSize([index, { path: 'chunks/mail-AB12CD34.mjs', contents: chunk }])).toBe(
      deflated(code) + 30 + 9 + 46 + 9 + deflated(chunk) + 30 + name + 46 + name + 22,
    );
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

  it('bundles as cdk synth does: minified ESM for Node 22 split into chunks, the SDK inside, no embedded sources', () => {
    const options = esbuildOptions();
    expect(options).toMatchObject({
      bundle: true,
      platform: 'node',
      target: 'node22',
      format: 'esm',
      splitting: true,
      entryNames: 'index',
      minify: true,
      sourcemap: true,
      sourcesContent: false,
      external: [],
      mainFields: ['module', 'main'],
      write: false,
    });
    expect(options.banner?.js).toContain('createRequire');
    // The SDK's own default credential chain, as every client ships it.
    expect(options.alias?.['@aws-sdk/credential-provider-node']).toBeUndefined();
    // handlebars' optional source-map dependency is left out.
    expect(options.alias?.['source-map']).toMatch(/functions\/src\/kit\/bundle-stubs\/no-source-map\.ts$/);
  });

  it('writes a baseline that creates each SDK client at module scope, sends one command each, and does nothing else', () => {
    const code = baselineHandler(['cognito', 'dynamodb']);
    expect(code).toContain("from '@aws-sdk/client-dynamodb'");
    expect(code).toContain("from '@aws-sdk/client-cognito-identity-provider'");
    expect(code).not.toMatch(/client-ses|client-lambda|client-secrets-manager|functions\/src/);
    // In SDK_CLIENTS order whatever the order asked, so one set of clients is one baseline.
    expect(code.indexOf('new DynamoDBClient')).toBeLessThan(code.indexOf('new CognitoIdentityProviderClient'));
    expect(baselineName(['dynamodb', 'cognito'])).toBe('DynamoDB + Cognito');
    expect(baselineName([])).toBe('no AWS SDK');
    expect(baselineHandler([])).toBe('export const handler = async () => Promise.all([]);\n');
    // A function without any client is compared with the DynamoDB-only handler.
    expect(baselineClientsOf([])).toEqual(['dynamodb']);
    expect(baselineClientsOf(['dynamodb', 'cognito'])).toEqual(['dynamodb', 'cognito']);
  });

  it('writes a baseline that also loads the libraries a function imports statically (handlebars), used once per call', () => {
    const code = baselineHandler(['dynamodb'], ['handlebars']);
    expect(code).toContain("import Handlebars from 'handlebars';");
    expect(code).toContain('Handlebars.compile(');
    expect(code).toContain('template({');
    expect(baselineName(['dynamodb'], ['handlebars'])).toBe('DynamoDB + handlebars');
    // Without libraries, the name and the code are those of the SDK-only baseline.
    expect(baselineName(['dynamodb'], [])).toBe(baselineName(['dynamodb']));
    expect(baselineHandler(['dynamodb'], [])).toBe(baselineHandler(['dynamodb']));
  });

  it('writes a baseline that loads the Powertools utilities a function imports, each created once and used per call', () => {
    const code = baselineHandler(['dynamodb'], ['powertools-logger', 'powertools-metrics', 'powertools-parameters']);
    expect(code).toContain("import { Logger } from '@aws-lambda-powertools/logger';");
    expect(code).toContain("import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';");
    expect(code).toContain("import { BaseProvider } from '@aws-lambda-powertools/parameters/base';");
    expect(code).toContain("logger.info('called')");
    expect(baselineName(['dynamodb'], ['powertools-logger', 'powertools-metrics'])).toBe(
      'DynamoDB + powertools-logger + powertools-metrics',
    );
  });

  it('counts a Powertools utility as loaded at import only when reached through static imports', () => {
    const inputs = metafileInputs({
      'h.ts': [
        ['node_modules/@aws-lambda-powertools/logger/lib/esm/index.js', 'import-statement'],
        ['secrets.ts', 'dynamic-import'],
      ],
      'node_modules/@aws-lambda-powertools/logger/lib/esm/index.js': [],
      'secrets.ts': [['node_modules/@aws-lambda-powertools/parameters/lib/esm/secrets/index.js', 'import-statement']],
      'node_modules/@aws-lambda-powertools/parameters/lib/esm/secrets/index.js': [],
    });
    const all = new Set(Object.keys(inputs));
    expect(staticLibraries(inputs, 'h.ts', all)).toEqual(['powertools-logger']);
  });

  it('counts handlebars as loaded at import only when reached through static imports and kept', () => {
    const modules: Record<string, ImportEdge[]> = {
      'h.ts': [
        ['render.ts', 'import-statement'],
        ['mail.ts', 'dynamic-import'],
      ],
      'render.ts': [['node_modules/handlebars/lib/index.js', 'import-statement']],
      'mail.ts': [],
      'node_modules/handlebars/lib/index.js': [],
    };
    const inputs = metafileInputs(modules);
    const all = new Set(Object.keys(inputs));
    expect(staticLibraries(inputs, 'h.ts', all)).toEqual(['handlebars']);
    all.delete('node_modules/handlebars/lib/index.js');
    expect(staticLibraries(inputs, 'h.ts', all)).toEqual([]);
    // Reached only through import(): loaded on the path that needs it, not at import.
    const lazy = metafileInputs({ ...modules, 'h.ts': [['render.ts', 'dynamic-import']] });
    expect(staticLibraries(lazy, 'h.ts', new Set(Object.keys(lazy)))).toEqual([]);
  });

  it('counts the SDK clients reached through static imports and kept in the bundle, not through import()', () => {
    const inputs = metafileInputs({
      'h.ts': [
        ['dir.ts', 'import-statement'],
        ['mail.ts', 'dynamic-import'],
      ],
      'dir.ts': [['node_modules/@aws-sdk/client-cognito-identity-provider/i.js', 'import-statement']],
      'mail.ts': [['node_modules/@aws-sdk/client-ses/i.js', 'import-statement']],
      'node_modules/@aws-sdk/client-cognito-identity-provider/i.js': [],
      'node_modules/@aws-sdk/client-ses/i.js': [],
    });
    const all = new Set(Object.keys(inputs));
    expect(staticSdkClients(inputs, 'h.ts', all)).toEqual(['cognito']);
    // Tree-shaken away: not loaded.
    all.delete('node_modules/@aws-sdk/client-cognito-identity-provider/i.js');
    expect(staticSdkClients(inputs, 'h.ts', all)).toEqual([]);
  });
});

const REPO = join(import.meta.dirname, '..', '..');

type ImportEdge = [path: string, kind: 'import-statement' | 'dynamic-import'];

/** An esbuild metafile's inputs from each module's imports (every module one byte). */
const metafileInputs = (modules: Record<string, ImportEdge[]>) =>
  Object.fromEntries(
    Object.entries(modules).map(([file, edges]) => [
      file,
      { bytes: 1, imports: edges.map(([path, kind]) => ({ path, kind })) },
    ]),
  );

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
    // What reached the bundle (metafile.inputs also lists files esbuild read and then tree-shook away).
    const { kept } = await bundleFunction(REPO, entry);
    const zodFiles = kept.filter((path) => path.includes('node_modules/zod/'));
    expect(zodFiles.some((path) => path.includes('/v4/mini/'))).toBe(true);
    expect(zodFiles.filter((path) => path.includes('/v4/classic/'))).toEqual([]);
    // The locale is in, so the config(en()) call that uses it survived tree-shaking ("sideEffects"),
    // and no other. (A bundle with an `await import()` keeps the locales' index files as 21-byte stubs.)
    expect(zodFiles.filter((path) => path.includes('/locales/') && !path.endsWith('/index.js'))).toEqual([
      expect.stringMatching(/node_modules\/zod\/v4\/locales\/en\.js$/),
    ]);
  });

  /** The account stores (functions/src/data), kept out of every signed-in function but the auth routes. */
  const ACCOUNT_STORES = ['registration', 'one-time-code', 'login-backoff', 'session', 'mfa-setup', 'account-identity'];

  it('names account stores that exist, so the pin below cannot go stale', () => {
    const data = readdirSync(join(REPO, 'functions/src/data'));
    for (const store of ACCOUNT_STORES) expect(data, store).toContain(`${store}-store.ts`);
  });

  /** Per function, the inputs its bundle must not hold: SDK clients, adapters and libraries it never uses. */
  const FORBIDDEN_INPUTS: [string, RegExp][] = [
    ['health', /@aws-sdk\/|@smithy\//],
    [
      'packages-list',
      /client-cognito-identity-provider|adapters\/cognito-directory\.ts|adapters\/ses-mailer\.ts|handlebars/,
    ],
    // Each account route wires only the capabilities its use case asks for (wiring/accounts.ts).
    // (The one secret reader, adapters/secrets.ts with the Secrets Manager client, is in every route
    // but health, loaded lazily for the origin header check, wiring/origin-header-check.ts.)
    ['auth-me', /client-cognito-identity-provider|adapters\/cognito-directory\.ts|adapters\/ses-mailer\.ts|handlebars/],
    ['auth-logout', /adapters\/ses-mailer\.ts|handlebars/],
    [
      'auth-verify-reset-otp',
      /client-cognito-identity-provider|adapters\/cognito-directory\.ts|adapters\/ses-mailer\.ts|handlebars/,
    ],
    // Template data and the renderer live apart (domain/email/templates.ts, render.ts), and the
    // session guard reads the profile alone (data/profile-store.ts), not the account stores.
    [
      'payment-subscriptions',
      new RegExp(`adapters/ses-mailer\\.ts|handlebars|data/(${ACCOUNT_STORES.join('|')})-store\\.ts`),
    ],
    ['settings-email-templates-get', /adapters\/ses-mailer\.ts|handlebars/],
    ['withdrawal-request', /adapters\/ses-mailer\.ts|handlebars/],
    // Only the TXID submission starts an on-chain check (the signed Lambda invoke).
    ['payment-create-free-trial', /wiring\/chain-check-trigger\.ts/],
  ];

  it.each(FORBIDDEN_INPUTS)('bundles %s without the clients it never uses', async (id, forbidden) => {
    const result = await build({
      ...esbuildOptions(),
      entryPoints: [handlerEntry(id)],
      outdir: 'bundle',
      metafile: true,
    });
    // Every file esbuild read, even one tree-shaking then dropped: the handler must not reach them at all.
    const inputs = Object.keys(result.metafile.inputs);
    expect(inputs.some((path) => path.includes('functions/src/kit/'))).toBe(true);
    expect(inputs.filter((path) => forbidden.test(path))).toEqual([]);
  });

  it('pins only source files that exist, so a moved file cannot pass unnoticed', () => {
    const pinned = FORBIDDEN_INPUTS.flatMap(([, forbidden]) =>
      forbidden.source
        .split('|')
        // A group such as the account stores' is checked by its own test above.
        .filter((alternative) => alternative.endsWith('\\.ts') && !/[()]/.test(alternative))
        .map((alternative) => alternative.replaceAll('\\', '')),
    );
    expect(pinned.length).toBeGreaterThan(5);
    for (const path of pinned) expect(existsSync(join(REPO, 'functions/src', path)), path).toBe(true);
  });

  /** Per function id, the inputs that reached its bundle (index.mjs or a chunk), shared by the pins below. */
  const bundleEveryFunction = async () => {
    const { bundles, problems } = await buildBundles(REPO);
    expect(problems).toEqual([]);
    return { ids: functionEntries(REPO).length, kept: new Map(bundles.map((bundle) => [bundle.id, bundle.kept])) };
  };

  it('bundles handlebars only with the mail renderer or the template check', async () => {
    // Mail is compiled by handlebars (domain/email/render.ts: mail, the editor's preview) and the
    // editor's save check walks handlebars' parser (template-check.ts). Functions that only list,
    // store or seed templates read the template data alone (templates.ts) and carry none of it.
    const { ids, kept } = await bundleEveryFunction();
    expect(ids).toBeGreaterThan(50);
    expect(kept.size).toBe(ids);
    const carrying = (pattern: RegExp) =>
      [...kept]
        .filter(([, inputs]) => inputs.some((path) => pattern.test(path)))
        .map(([id]) => id)
        .sort();
    const withHandlebars = carrying(/node_modules\/handlebars\//);
    expect(withHandlebars).toEqual(carrying(/functions\/src\/domain\/email\/(render|template-check)\.ts$/));
    expect(withHandlebars).toEqual(
      expect.arrayContaining([
        'auth-register',
        'payment-approve-usdt',
        'job-expiry-reminders',
        'settings-email-templates-put',
        'settings-email-templates-preview',
      ]),
    );
    for (const id of ['settings-email-templates-get', 'settings-force-update-templates', 'seed-defaults']) {
      expect(withHandlebars, id).not.toContain(id);
    }
  }, 300_000);

  it('bundles each AWS SDK client only in the functions whose wiring uses it, as their IAM grants say', async () => {
    // Each function's clients follow from what infra/lib/access.ts grants it: the table, its Cognito
    // calls, ses:SendEmail, lambda:InvokeFunction on the chain check, GetSecretValue on a secret. A
    // client bundled without its grant would fail in AWS only; a grant without its client is more
    // privilege than the function uses. The Cognito triggers are wired in infra/lib/auth-stack.ts
    // (pre-sign-up: its Cognito calls and the e-mail markers of the table) and seed-defaults.ts (the table).
    const TRIGGER_CLIENTS: Record<string, SdkClient[]> = {
      'pre-sign-up': ['dynamodb', 'cognito'],
      'seed-defaults': ['dynamodb'],
    };
    const expected = (id: string): SdkClient[] => {
      const trigger = TRIGGER_CLIENTS[id];
      if (trigger) return trigger;
      const route = ROUTES.find((r) => r.id === id);
      const job = SCHEDULES.find((s) => s.id === id);
      const access = route ? routeAccess(route) : job ? jobAccess(job) : undefined;
      if (!access) throw new Error(`${id}: neither a route, a job nor a known trigger`);
      const uses: Record<SdkClient, boolean> = {
        dynamodb: access.table !== 'none',
        // A route's Cognito calls (the auth map), or a job's (the wallet watcher lists the admin group).
        cognito: cognitoCallsOf(id).length > 0 || access.cognitoActions.length > 0,
        ses: access.sendsMail,
        lambda: access.invokesChainCheck,
        secretsManager: access.readsOtpHashKey || access.callsTron || access.checksOrigin,
      };
      return SDK_CLIENTS.filter((client) => uses[client]);
    };
    const { ids, kept } = await bundleEveryFunction();
    expect(kept.size).toBe(ids);
    const bundled = (inputs: string[]) =>
      SDK_CLIENTS.filter((client) =>
        inputs.some((path) => path.includes(`node_modules/${SDK_CLIENT_PACKAGES[client]}/`)),
      );
    const mismatches = [...kept]
      .filter(([id, inputs]) => bundled(inputs).join() !== expected(id).join())
      .map(([id, inputs]) => `${id}: bundles [${bundled(inputs).join()}], wired for [${expected(id).join()}]`);
    expect(mismatches).toEqual([]);
    // A pin that matches no file proves nothing: every client is in some bundle, by its package path.
    for (const client of SDK_CLIENTS) {
      expect(
        [...kept].filter(([, inputs]) => bundled(inputs).includes(client)),
        client,
      ).not.toEqual([]);
    }
    // health answers without touching AWS: no SDK code at all.
    expect((kept.get('health') ?? ['missing']).filter((path) => /@aws-sdk\/|@smithy\//.test(path))).toEqual([]);
  }, 300_000);

  it("gives the template editor's routes a baseline that loads handlebars, and every function one with the Powertools it loads", async () => {
    // The template editor compiles a template on every call, so it imports handlebars statically;
    // its cold import is judged against a baseline that loads handlebars too. Every function logs
    // with Powertools Logger; all but health count (Metrics, the origin check) as well; the
    // Cognito routes load the Parameters provider base (the client secret's cache).
    const { bundles, baselines } = await buildBundles(REPO);
    const withHandlebars = bundles.filter((bundle) => bundle.libraries.includes('handlebars')).map((b) => b.id);
    expect(withHandlebars.sort()).toEqual(['settings-email-templates-preview', 'settings-email-templates-put']);
    for (const bundle of bundles.filter((b) => b.kind !== 'trigger')) {
      expect(bundle.libraries, bundle.id).toContain('powertools-logger');
      const { clients, libraries } = baselineImportsOf(bundle);
      const baseline = baselines.get(baselineName(clients, libraries));
      expect(baseline?.libraries, bundle.id).toEqual(bundle.libraries);
    }
    const health = bundles.find((bundle) => bundle.id === 'health');
    expect(health?.libraries).toEqual(['powertools-logger']);
    for (const id of withHandlebars) {
      const bundle = bundles.find((candidate) => candidate.id === id);
      if (!bundle) throw new Error(`${id} was not bundled`);
      const { clients, libraries } = baselineImportsOf(bundle);
      expect(bundleText(baselines.get(baselineName(clients, libraries)) ?? { files: [] }), id).toContain('Handlebars');
    }
  }, 300_000);

  it('carries no fault injection: neither the middleware nor the FAULTS setting is in any bundle', async () => {
    // Faults are injected by the local stack only (scripts/local/faults.ts), from outside the
    // functions' code; a bundle that named them could be made to fail in AWS by its environment.
    const { bundles } = await buildBundles(REPO);
    expect(bundles.length).toBeGreaterThan(60);
    const carrying = bundles
      .filter((bundle) => /\bFAULTS\b|localFaultInjection|Injected fault/.test(bundleText(bundle)))
      .map((bundle) => bundle.id);
    expect(carrying).toEqual([]);
  }, 300_000);

  it('loads SES, Lambda and Secrets Manager only on the path that needs them, never at import', async () => {
    // SES on a send (wiring/template-mail.ts), Lambda on the chain-check invoke
    // (wiring/chain-check-trigger.ts), Secrets Manager on the first code or TRON key in AWS: a login
    // that mails nothing never loads SES. DynamoDB and Cognito are imported at module scope.
    const { bundles } = await buildBundles(REPO);
    const loadedAtImport = (id: string) => bundles.find((bundle) => bundle.id === id)?.sdkClients;
    expect(loadedAtImport('auth-login')).toEqual(['dynamodb', 'cognito']);
    expect(loadedAtImport('auth-resend-otp')).toEqual(['dynamodb']);
    expect(loadedAtImport('payment-submit-usdt')).toEqual(['dynamodb']);
    expect(loadedAtImport('pre-sign-up')).toEqual(['dynamodb', 'cognito']);
    expect(loadedAtImport('health')).toEqual([]);
    const lazyOnly: SdkClient[] = ['ses', 'lambda', 'secretsManager'];
    const eager = bundles.filter((bundle) => bundle.sdkClients.some((client) => lazyOnly.includes(client)));
    expect(eager.map((bundle) => `${bundle.id}: ${bundle.sdkClients.join()}`)).toEqual([]);
  }, 300_000);

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
    const code = bundleText(await bundleFunction(REPO, handlerEntry(id)));
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
