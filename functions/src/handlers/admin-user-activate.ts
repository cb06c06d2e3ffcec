import { idPathSchema } from '@goldbot/shared';
import { changeUserStatus } from '../domain/admin/users.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { changeUserStatusDeps } from '../wiring/user-status-deps.js';

/** Activates a deactivated user again: the flag, the counters and the audit entry, then Cognito enables them. */
export const handler = defineHandler(
  { route: 'admin-user-activate', checks: awsChecks, params: idPathSchema },
  async ({ params, caller, log }) => {
    const result = await changeUserStatus(changeUserStatusDeps(log), 'active', params.id, {
      userId: caller.userId,
      email: caller.email,
    });
    log.info('user activation answered', { userId: params.id, adminId: caller.userId });
    return ok(result);
  },
);
