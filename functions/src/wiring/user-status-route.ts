import { idPathSchema } from '@goldbot/shared';
import { changeUserStatus, type UserStatus } from '../domain/admin/users.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { awsChecks } from './aws-checks.js';
import { changeUserStatusDeps } from './user-status-deps.js';

/**
 * The handler of admin-user-activate and admin-user-deactivate: one route each (each its own
 * Lambda), the same request and the same use case, told apart by the status it sets and the line
 * it logs once the change is answered.
 */
export const userStatusHandler = (
  route: 'admin-user-activate' | 'admin-user-deactivate',
  status: UserStatus,
  answered: string,
) =>
  defineHandler({ route, checks: awsChecks, params: idPathSchema }, async ({ params, caller, log }) => {
    const result = await changeUserStatus(changeUserStatusDeps(log), status, params.id, {
      userId: caller.userId,
      email: caller.email,
    });
    log.info(answered, { userId: params.id, adminId: caller.userId });
    return ok(result);
  });
