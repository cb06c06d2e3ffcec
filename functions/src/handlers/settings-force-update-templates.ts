import { restoreDefaultTemplatesDeps as deps } from '../wiring/admin.js';
import { restoreDefaultTemplates } from '../domain/email/template-editor.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** 'Force Update Templates': every type back to its default in one transaction, audited. */
export const handler = defineHandler(
  { route: 'settings-force-update-templates', checks: awsChecks },
  async ({ caller, log }) => {
    const result = await restoreDefaultTemplates(deps, { userId: caller.userId, email: caller.email });
    log.info('email templates restored to defaults', { adminId: caller.userId });
    return ok(result);
  },
);
