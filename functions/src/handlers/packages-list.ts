import { listCatalog } from '../data/package-catalog-store.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';

/** Public and identical for everyone: browsers and CloudFront may cache it for a minute. */
export const handler = defineHandler({ route: 'packages-list' }, async () =>
  ok({ packages: await listCatalog() }, { 'cache-control': 'public, max-age=60' }),
);
