import { exportPathSchema, exportQuerySchema } from '@goldbot/shared';
import { exportDatasetDeps } from '../wiring/admin.js';
import { exportDataset } from '../domain/export/exports.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { download } from '../kit/http-response.js';

/**
 * GET /api/admin/export/{dataset}: the list's current filter as a CSV download (formula-guarded
 * cells), in parts when it is long: `x-export-rows` gives this part's row count, and
 * `x-export-next-cursor` the `cursor` of the next part, until the last part, which has none.
 */
export const handler = defineHandler(
  { route: 'admin-export', checks: awsChecks, params: exportPathSchema, query: exportQuerySchema },
  async ({ params, query, caller, log }) => {
    const file = await exportDataset(exportDatasetDeps, params.dataset, query, new Date());
    log.info('export answered', {
      adminId: caller.userId,
      dataset: params.dataset,
      rows: file.rows,
      part: query.cursor === undefined ? 'first' : 'next',
      last: file.nextCursor === null,
    });
    const result = download(file.csv, 'text/csv; charset=utf-8', file.fileName);
    return {
      ...result,
      headers: {
        ...result.headers,
        'x-export-rows': String(file.rows),
        ...(file.nextCursor === null ? {} : { 'x-export-next-cursor': file.nextCursor }),
      },
    };
  },
);
