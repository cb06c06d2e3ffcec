import { EMAIL_TEMPLATES_PUT_MAX_BODY_BYTES, emailTemplatesPutInputSchema } from '@goldbot/shared';
import { saveTemplatesDeps as deps } from '../wiring/admin.js';
import { saveTemplates } from '../domain/email/template-save.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** Saves any subset of the templates after checking all of them (400 with every reason), in one transaction. */
export const handler = defineHandler(
  {
    route: 'settings-email-templates-put',
    checks: awsChecks,
    body: emailTemplatesPutInputSchema,
    // The whole set of templates may come in one save (the spec's client sends `{templates}`).
    maxBodyBytes: EMAIL_TEMPLATES_PUT_MAX_BODY_BYTES,
  },
  async ({ body, caller, log }) => {
    const result = await saveTemplates(deps, body, { userId: caller.userId, email: caller.email });
    log.info('email templates saved', { types: Object.keys(body.templates), adminId: caller.userId });
    return ok(result);
  },
);
