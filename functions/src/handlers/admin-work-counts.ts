import { readWorkCounts } from '../domain/admin/waiting-work.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { readWorkCountsDeps } from '../wiring/admin.js';

/** The back-office navigation's counts of waiting work, one maintained counter per kind (null: no such kind here). */
export const handler = defineHandler({ route: 'admin-work-counts', checks: awsChecks }, async () =>
  ok(await readWorkCounts(readWorkCountsDeps)),
);
