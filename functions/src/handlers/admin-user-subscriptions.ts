import { idPathSchema } from '@goldbot/shared';
import { listUserSubscriptionsDeps } from '../wiring/admin.js';
import { listUserSubscriptions } from '../domain/admin/users.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** One user's subscriptions, newest first, from the user's item collection. */
export const handler = defineHandler(
  { route: 'admin-user-subscriptions', checks: awsChecks, params: idPathSchema },
  async ({ params }) => ok(await listUserSubscriptions(listUserSubscriptionsDeps, params.id, new Date())),
);
