import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { functionsLayers } from '../../eslint-layers.js';

/**
 * The layer rule of eslint.config.js (eslint-layers.js), run by the ESLint API on snippets placed
 * at real paths of the repository: an upward import in functions/src is an error, and the imports
 * the layers allow are not. (The web feature boundaries have their own test,
 * eslint-feature-boundaries.test.ts.)
 */

const RULE = 'import-x/no-restricted-paths';
const CYCLE_RULE = 'import-x/no-cycle';

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({
    cwd: process.cwd(),
    overrideConfigFile: true,
    overrideConfig: [
      // typescript-eslint's parser, so the snippets may use `import type` and TSX.
      { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
      functionsLayers,
    ] as Linter.Config[],
  });
});

async function ruleErrors(rule: string, filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === rule && m.severity === 2).map((m) => m.message);
}

const layerErrors = (filePath: string, code: string) => ruleErrors(RULE, filePath, code);

/** Each of `imports`, alone in a module at `filePath`, is refused once, with a message containing `message`. */
async function expectEachRefused(filePath: string, imports: readonly string[], message: string) {
  for (const upward of imports) {
    const errors = await layerErrors(filePath, `${upward}\nexport const probe = 1;\n`);
    expect(errors, upward).toHaveLength(1);
    expect(errors[0]).toContain(message);
  }
}

describe('functions/src layers', () => {
  it('refuses a domain module importing data/, adapters/, wiring/, handlers/ or the kit', async () => {
    await expectEachRefused(
      'functions/src/domain/commerce/layer-probe.ts',
      [
        "import { paymentKey } from '../../data/payment-entity.js';",
        "import { createTronApi } from '../../adapters/tron-api.js';",
        "import { templateMailer } from '../../wiring/template-mail.js';",
        "import { handler } from '../../handlers/health.js';",
        "import type { Logger } from '../../kit/logger.js';",
        "import { defineHandler } from '../../kit/define-handler.js';",
        "import { config } from '../../config.js';",
      ],
      'The domain depends on no outer layer',
    );
  });

  it('lets the domain import the domain and the shared package', async () => {
    const code = [
      "import { PAYMENT } from '@goldbot/shared';",
      "import { normalizeTxid } from '../records/payment-record.js';",
      "import { ValidationError } from '../errors.js';",
      "import { retry } from '../../lib/retry.js';",
      'export const probe = [PAYMENT, normalizeTxid, ValidationError, retry];',
    ].join('\n');
    expect(await layerErrors('functions/src/domain/commerce/layer-probe.ts', code)).toEqual([]);
  });

  it('lets data/ import the domain it implements, but not wiring/ or a handler', async () => {
    const file = 'functions/src/data/layer-probe.ts';
    expect(
      await layerErrors(file, "import type { PaymentRecord } from '../domain/records/payment-record.js';\n"),
    ).toEqual([]);
    expect(await layerErrors(file, "import { requestWithdrawalDeps } from '../wiring/commerce.js';\n")).toHaveLength(1);
    expect(await layerErrors(file, "import { handler } from '../handlers/health.js';\n")).toHaveLength(1);
  });

  it('keeps wiring/ below the handlers and the handlers on wiring/', async () => {
    expect(
      await layerErrors('functions/src/wiring/layer-probe.ts', "import { handler } from '../handlers/health.js';\n"),
    ).toHaveLength(1);
    expect(
      await layerErrors(
        'functions/src/wiring/layer-probe.ts',
        "import { dynamoWalletStore } from '../data/wallet-store.js';\nexport { dynamoWalletStore };\n",
      ),
    ).toEqual([]);
    const handler = 'functions/src/handlers/layer-probe.ts';
    expect(await layerErrors(handler, "import { dynamoWalletStore } from '../data/wallet-store.js';\n")).toHaveLength(
      1,
    );
    expect(
      await layerErrors(handler, "import { cognitoDirectory } from '../adapters/cognito-directory.js';\n"),
    ).toHaveLength(1);
    expect(await layerErrors(handler, "import { listWalletsDeps } from '../wiring/commerce.js';\n")).toEqual([]);
  });

  it('keeps the kit a leaf: no store, client, composition or handler', async () => {
    const file = 'functions/src/kit/layer-probe.ts';
    await expectEachRefused(
      file,
      [
        "import { getProfile } from '../data/profile-store.js';",
        "import { readSecret } from '../adapters/secrets.js';",
      ],
      'The handler kit is a leaf',
    );
    for (const upward of [
      "import { awsChecks } from '../wiring/aws-checks.js';",
      "import { handler } from '../handlers/health.js';",
    ]) {
      expect(await layerErrors(file, `${upward}\nexport const probe = 1;\n`), upward).toHaveLength(1);
    }
    const allowed = [
      "import { ForbiddenError } from '../domain/errors.js';",
      "import { sleep } from '../lib/retry.js';",
      "import { config } from '../config.js';",
      'export const probe = [ForbiddenError, sleep, config];',
    ].join('\n');
    expect(await layerErrors(file, allowed)).toEqual([]);
  });

  it('lets every layer use lib/, and lib/ import nothing from the other layers', async () => {
    for (const file of [
      'functions/src/data/layer-probe.ts',
      'functions/src/adapters/layer-probe.ts',
      'functions/src/wiring/layer-probe.ts',
    ]) {
      expect(
        await layerErrors(file, "import { retry } from '../lib/retry.js';\nexport const probe = retry;\n"),
      ).toEqual([]);
    }
    await expectEachRefused(
      'functions/src/lib/layer-probe.ts',
      [
        "import { ValidationError } from '../domain/errors.js';",
        "import { getProfile } from '../data/profile-store.js';",
        "import { readSecret } from '../adapters/secrets.js';",
        "import { awsChecks } from '../wiring/aws-checks.js';",
        "import { createLogger } from '../kit/logger.js';",
        "import { config } from '../config.js';",
      ],
      'lib/ holds dependency-free helpers',
    );
  });

  it('refuses an import cycle, even inside one layer, but not a type-only import back', async () => {
    // data/table-reads.ts imports data/cursor.ts: cursor.ts importing table-reads.ts closes a loop.
    const cursor = 'functions/src/data/cursor.ts';
    const errors = await ruleErrors(
      CYCLE_RULE,
      cursor,
      "import { batchGetItems } from './table-reads.js';\nexport const probe = batchGetItems;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('Dependency cycle');
    expect(
      await ruleErrors(
        CYCLE_RULE,
        cursor,
        "import type { batchGetItems } from './table-reads.js';\nexport type Probe = typeof batchGetItems;\n",
      ),
    ).toEqual([]);
  });
});
