import { idPathSchema } from '@goldbot/shared';
import { changeUserStatus } from '../domain/admin/users.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { changeUserStatusDeps } from '../wiring/user-status-deps.js';

/** Deactivates a user: refused everywhere at once, disabled in Cognito, every session ended. */
export const handler = defineHandler(
  { route: 'admin-user-deactivate', checks: awsChecks, params: idPathSchema },
  async ({ params, caller, log }) => {
    const result = await changeUserStatus(changeUserStatusDeps(log), 'inactive', params.id, {
      userId: caller.userId,
      email: caller.email,
    });
    log.info('user deactivation answered', { userId: params.id, adminId: caller.userId });
    return ok(result);
  },
);
