import { exportPathSchema, exportQuerySchema } from '@goldbot/shared';
import { dynamoExportSources } from '../data/export-store.js';
import { exportDataset } from '../domain/export/exports.js';
import { awsChecks } from '../kit/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { download } from '../kit/http-response.js';

/**
 * GET /api/admin/export/{dataset}: the list's current filter as a CSV download (formula-guarded
 * cells). `x-export-rows` gives the row count; `x-export-truncated: true` says the export stopped
 * at its row or size limit before the end of the list.
 */
export const handler = defineHandler(
  { route: 'admin-export', checks: awsChecks, params: exportPathSchema, query: exportQuerySchema },
  async ({ params, query, caller, log }) => {
    const file = await exportDataset(dynamoExportSources, params.dataset, query, new Date());
    log.info('export answered', {
      adminId: caller.userId,
      dataset: params.dataset,
      rows: file.rows,
      truncated: file.truncated,
    });
    const result = download(file.csv, 'text/csv; charset=utf-8', file.fileName);
    return {
      ...result,
      headers: {
        ...result.headers,
        'x-export-rows': String(file.rows),
        ...(file.truncated ? { 'x-export-truncated': 'true' } : {}),
      },
    };
  },
);
