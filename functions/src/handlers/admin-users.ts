import { adminUsersQuerySchema } from '@goldbot/shared';
import { listAdminUsersDeps } from '../wiring/admin.js';
import { listAdminUsers } from '../domain/admin/users.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** Verified users, newest first (GSI1 USERS), searched server-side on username, e-mail or phone. */
export const handler = defineHandler(
  { route: 'admin-users', checks: awsChecks, query: adminUsersQuerySchema },
  async ({ query }) => ok(await listAdminUsers(listAdminUsersDeps, query)),
);
