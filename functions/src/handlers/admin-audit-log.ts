import { auditLogQuerySchema } from '@goldbot/shared';
import { listAuditLogDeps } from '../wiring/admin.js';
import { listAuditLog } from '../domain/admin/audit-log.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** One UTC month of the audit trail, newest first (default: the current month). */
export const handler = defineHandler(
  { route: 'admin-audit-log', checks: awsChecks, query: auditLogQuerySchema },
  async ({ query }) => ok(await listAuditLog(listAuditLogDeps, query, new Date())),
);
