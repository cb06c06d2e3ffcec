import { readSetupChecklist } from '../domain/admin/setup-checklist.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { readSetupChecklistDeps as deps } from '../wiring/admin.js';

/**
 * The admin dashboard's first-run checklist, from the caller's profile (as the session guard read
 * it), the subscription settings and the active USDT wallet.
 */
export const handler = defineHandler(
  { route: 'admin-setup-checklist', checks: awsChecks },
  async ({ sessionProfile }) =>
    ok(
      await readSetupChecklist(
        deps.store,
        { mfaEnabledAt: sessionProfile?.mfaEnabledAt, testMailSentAt: sessionProfile?.testMailSentAt },
        deps.adminMfaAvailable,
      ),
    ),
);
