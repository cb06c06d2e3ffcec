import { listPackagesDeps } from '../wiring/commerce.js';
import { listPackages } from '../domain/settings/catalog.js';
import { defineHandler } from '../kit/define-handler.js';
import { originCheck } from '../wiring/origin-header-check.js';
import { ok } from '../kit/http-response.js';

/**
 * The catalog with prices and on-sale flags (Basic's is the subscription switch). Public and the
 * same for everyone: browsers and CloudFront may cache it for a minute.
 */
export const handler = defineHandler({ route: 'packages-list', checks: { originCheck } }, async () =>
  ok(await listPackages(listPackagesDeps), { 'cache-control': 'public, max-age=60' }),
);
