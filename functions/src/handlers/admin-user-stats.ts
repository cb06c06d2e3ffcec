import { getUserStatsDeps } from '../wiring/admin.js';
import { getUserStats } from '../domain/admin/users.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** The dashboard's User Analytics cards: one BatchGetItem of the user counters. */
export const handler = defineHandler({ route: 'admin-user-stats', checks: awsChecks }, async () =>
  ok(await getUserStats(getUserStatsDeps, new Date())),
);
