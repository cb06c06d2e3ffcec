import { listTemplatesDeps } from '../wiring/admin.js';
import { listTemplates } from '../domain/email/template-editor.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** Every admin template type with its subject, HTML, placeholders and whether it is still the default. */
export const handler = defineHandler({ route: 'settings-email-templates-get', checks: awsChecks }, async () =>
  ok(await listTemplates(listTemplatesDeps)),
);
