import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The web feature boundary of eslint.config.js, run on snippets as `npm run lint` runs it on the
 * tree: a feature reaches another one only through its index.ts.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: ROOT });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, filePath) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => {
      expect(message.severity).toBe(2);
      return message.message;
    });
}

const DASHBOARD_FILE = 'web/src/features/dashboard/components/snippet.tsx';
const ADMIN_FILE = 'web/src/features/admin/payments/components/snippet.tsx';

// The first lint loads the whole config and the TypeScript parser: seconds on a busy machine.
describe('web feature boundaries (eslint.config.js)', { timeout: 60_000 }, () => {
  it('fails a deep import of another feature, naming the way through its index.ts', async () => {
    const errors = await boundaryErrors(
      DASHBOARD_FILE,
      "import { useSession } from '@/features/auth/session';\nexport const who = useSession;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("Import another feature through its index.ts ('@/features/<name>')");
  });

  it("passes an import of another feature's index.ts", async () => {
    expect(
      await boundaryErrors(
        DASHBOARD_FILE,
        "import { useSession } from '@/features/auth';\nexport const who = useSession;\n",
      ),
    ).toEqual([]);
  });

  it('fails a re-export and a type import that reach into another feature', async () => {
    expect(
      await boundaryErrors(
        DASHBOARD_FILE,
        "export { UsdtPaymentModal } from '@/features/payments/components/usdt-payment-modal';\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        DASHBOARD_FILE,
        "import type { Withdrawal } from '@/features/withdrawals/api/get-user-withdrawals';\nexport type Row = Withdrawal;\n",
      ),
    ).toHaveLength(1);
  });

  it("passes a feature's own files and the shared components, lib and hooks", async () => {
    const code = [
      "import { formatEndDate } from '@/features/dashboard/lib/format';",
      "import { formatDuration } from '../lib/format';",
      "import { StatusPill } from '@/components/ui/status-pill';",
      "import { formatUsdt } from '@/lib/format';",
      "import { useDebouncedValue } from '@/hooks/use-debounced-value';",
      'export const used = [formatEndDate, formatDuration, StatusPill, formatUsdt, useDebouncedValue];',
      '',
    ].join('\n');
    expect(await boundaryErrors(DASHBOARD_FILE, code)).toEqual([]);
  });

  it("fails a relative path that climbs out of the feature's folder, at any depth", async () => {
    const errors = await boundaryErrors(
      DASHBOARD_FILE,
      "import { useSession } from '../../auth/session';\nexport const who = useSession;\n",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain("leaves the feature's folder");
    expect(
      await boundaryErrors(
        ADMIN_FILE,
        "import { useSession } from '../../../auth/session';\nexport const who = useSession;\n",
      ),
    ).toHaveLength(1);
  });

  it('passes a relative path that stays inside a deep feature', async () => {
    expect(
      await boundaryErrors(
        ADMIN_FILE,
        "import { NoticeAlert } from '../../components/notice-alert';\nexport const alert = NoticeAlert;\n",
      ),
    ).toEqual([]);
  });

  it("treats a feature whose name starts with another's as a different feature", async () => {
    expect(
      await boundaryErrors(
        'web/src/features/admin/snippet.ts',
        "import { x } from '@/features/admin-extra/lib/x';\nexport const y = x;\n",
      ),
    ).toHaveLength(1);
  });
});
