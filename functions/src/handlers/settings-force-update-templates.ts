import { dynamoTemplateEditorStore } from '../data/email-template-store.js';
import { restoreDefaultTemplates } from '../domain/email/template-editor.js';
import { awsChecks } from '../kit/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { newId } from '../kit/ids.js';

const deps = { store: dynamoTemplateEditorStore, now: () => new Date(), newId };

/** 'Force Update Templates': every type back to its default in one transaction, audited (AP28). */
export const handler = defineHandler(
  { route: 'settings-force-update-templates', checks: awsChecks },
  async ({ caller, log }) => {
    const result = await restoreDefaultTemplates(deps, { userId: caller.userId, email: caller.email });
    log.info('email templates restored to defaults', { adminId: caller.userId });
    return ok(result);
  },
);
