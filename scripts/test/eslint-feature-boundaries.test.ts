import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The web boundaries of eslint.config.js, run on snippets as `npm run lint` runs it on the tree: a
 * feature reaches another one only through its `<name>-public.ts` and never the app shell, and the shared
 * folders (components, hooks, lib, config) import no feature.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

/** The boundary's messages for `code` in a file at `filePath`; each must be an error. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  const messages = (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports');
  for (const message of messages) expect(message.severity).toBe(2);
  return messages.map((message) => message.message);
}

const DASHBOARD_FILE = 'web/src/features/dashboard/components/snippet.tsx';
const ADMIN_FILE = 'web/src/features/admin/payments/components/snippet.tsx';
const THROUGH_PUBLIC = "Import another feature through its public surface ('@/features/<name>/<name>-public')";
const NOT_THE_APP = 'A feature does not import the app shell';
const SHARED_IMPORTS_NONE = 'are shared by every feature and import none';
const LEAVES_FEATURE = "leaves the feature's folder";

// The first lint loads the whole config and the TypeScript parser: seconds on a busy machine.
describe('web feature boundaries (eslint.config.js)', { timeout: 60_000 }, () => {
  it.each([
    [
      'a deep import of another feature',
      DASHBOARD_FILE,
      "import { useSession } from '@/features/auth/session';",
      THROUGH_PUBLIC,
    ],
    [
      'a re-export from inside another feature',
      DASHBOARD_FILE,
      "export { UsdtPaymentModal } from '@/features/payments/components/usdt-payment-modal';",
      THROUGH_PUBLIC,
    ],
    [
      'a type import from inside another feature',
      DASHBOARD_FILE,
      "import type { Withdrawal } from '@/features/withdrawals/api/get-user-withdrawals';",
      THROUGH_PUBLIC,
    ],
    [
      "a feature whose name starts with the file's own",
      'web/src/features/admin/snippet.ts',
      "import { x } from '@/features/admin-extra/lib/x';",
      THROUGH_PUBLIC,
    ],
    [
      'the folder of another feature, as if it had an index.ts',
      DASHBOARD_FILE,
      "import { useSession } from '@/features/auth';",
      THROUGH_PUBLIC,
    ],
    [
      "another feature's public surface under the wrong feature's folder",
      DASHBOARD_FILE,
      "import { useSession } from '@/features/auth/payments-public';",
      THROUGH_PUBLIC,
    ],
    [
      'a relative path out of the feature',
      DASHBOARD_FILE,
      "import { useSession } from '../../auth/session';",
      LEAVES_FEATURE,
    ],
    [
      'a relative path out of a deeper feature folder',
      ADMIN_FILE,
      "import { useSession } from '../../../auth/session';",
      LEAVES_FEATURE,
    ],
    ['a feature importing the app shell', DASHBOARD_FILE, "import { router } from '@/app/router';", NOT_THE_APP],
    [
      'a shared component importing a feature',
      'web/src/components/ui/snippet.tsx',
      "import { useSession } from '@/features/auth/auth-public';",
      SHARED_IMPORTS_NONE,
    ],
    [
      'a shared lib importing the app shell, relatively',
      'web/src/lib/snippet.ts',
      "import { router } from '../app/router';",
      SHARED_IMPORTS_NONE,
    ],
    [
      'shared config importing a feature',
      'web/src/config/snippet.ts',
      "import { paths } from '@/features/dashboard';",
      SHARED_IMPORTS_NONE,
    ],
  ])('fails %s, saying what to do instead', async (_case, filePath, code, advice) => {
    const errors = await boundaryErrors(filePath, `${code}\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(advice);
  });

  it.each([
    ["another feature's public surface", DASHBOARD_FILE, "import { useSession } from '@/features/auth/auth-public';"],
    [
      "the feature's own files, by alias",
      DASHBOARD_FILE,
      "import { formatEndDate } from '@/features/dashboard/lib/billing-format';",
    ],
    ["the feature's own files, relatively", DASHBOARD_FILE, "import { formatDuration } from '../lib/billing-format';"],
    [
      'a relative path that stays inside a deep feature',
      ADMIN_FILE,
      "import { NoticeAlert } from '../../components/notice-alert';",
    ],
    ['shared components', DASHBOARD_FILE, "import { StatusPill } from '@/components/ui/status-pill';"],
    ['shared lib', DASHBOARD_FILE, "import { formatUsdt } from '@/lib/format';"],
    ['shared hooks', DASHBOARD_FILE, "import { useDebouncedValue } from '@/hooks/use-debounced-value';"],
    ['the paths from config', DASHBOARD_FILE, "import { paths } from '@/config/paths';"],
    [
      'a test helper using a feature',
      'web/src/test/snippet.tsx',
      "import { useSession } from '@/features/auth/auth-public';",
    ],
  ])('passes %s', async (_case, filePath, code) => {
    expect(await boundaryErrors(filePath, `${code}\n`)).toEqual([]);
  });
});
