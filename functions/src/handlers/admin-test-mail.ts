import { sendTestMail } from '../domain/admin/setup-checklist.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { sendTestMailDeps } from '../wiring/admin-test-mail-deps.js';

/**
 * 'Send a test mail to yourself': a mail to the signed-in administrator's own address (their
 * profile's, else the token's), a few an hour at most.
 */
export const handler = defineHandler(
  { route: 'admin-test-mail', checks: awsChecks, limits: [{ name: 'adminTestMailPerUser', by: 'caller' }] },
  async ({ caller, sessionProfile, log }) => {
    const result = await sendTestMail(sendTestMailDeps(log), {
      userId: caller.userId,
      email: sessionProfile?.email ?? caller.email,
    });
    log.info('test mail sent', { adminId: caller.userId });
    return ok(result);
  },
);
