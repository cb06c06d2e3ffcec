import { packagePathSchema, packageUpdateInputSchema } from '@goldbot/shared';
import { updatePackageDeps as deps } from '../wiring/admin.js';
import { updatePackage } from '../domain/settings/catalog.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** Edits a package's price and on-sale flag (Basic's flag is the subscription switch), audited. */
export const handler = defineHandler(
  { route: 'admin-packages-update', checks: awsChecks, params: packagePathSchema, body: packageUpdateInputSchema },
  async ({ params, body, caller, log }) => {
    const result = await updatePackage(deps, params.packageId, body, { userId: caller.userId, email: caller.email });
    log.info('package updated', {
      packageSlug: result.package.slug,
      priceUsd: result.package.priceUsd,
      onSale: result.package.onSale,
      adminId: caller.userId,
    });
    return ok(result);
  },
);
