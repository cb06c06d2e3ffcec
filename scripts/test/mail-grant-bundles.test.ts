import { SCHEDULES } from '@goldbot/shared';
import { describe, expect, it } from 'vitest';
import { jobAccess, routeAccess } from '../../infra/lib/access.js';
import { REPO_ROOT } from '../../infra/lib/paths.js';
import { buildBundles, bundleText } from '../bench/bundle-size-section.js';
import { getRoute, type RouteId } from '@goldbot/shared';

/**
 * ses:SendEmail is granted from the handlers' wiring (infra/lib/handler-wiring.ts); this checks that
 * answer against what each deployed bundle really holds. The SES client names its operation in the
 * command class (`command(..., "SendEmail", ...)` in @aws-sdk/client-ses), a string minification
 * keeps, so a bundle that can send mail carries it and one that cannot does not. A grant without the
 * code is a permission nobody needs; code without the grant is mail refused in AWS only.
 */
const SEND_EMAIL_OPERATION = '"SendEmail"';

describe('the ses:SendEmail grant against the bundles', () => {
  it('is held by exactly the functions whose bundle can send mail', { timeout: 300_000 }, async () => {
    const { bundles } = await buildBundles(REPO_ROOT);
    const functions = bundles.filter((b) => b.kind !== 'trigger');
    expect(functions.length).toBeGreaterThan(50);
    const jobs = new Map<string, (typeof SCHEDULES)[number]>(SCHEDULES.map((job) => [job.id, job]));
    let senders = 0;
    for (const bundle of functions) {
      const job = jobs.get(bundle.id);
      const granted = job ? jobAccess(job).sendsMail : routeAccess(getRoute(bundle.id as RouteId)).sendsMail;
      const sends = bundleText(bundle).includes(SEND_EMAIL_OPERATION);
      expect(granted, `${bundle.id}: grant ${granted}, bundle sends ${sends}`).toBe(sends);
      if (sends) senders += 1;
    }
    // Both kinds exist, so neither half of the check is empty.
    expect(senders).toBeGreaterThan(5);
    expect(senders).toBeLessThan(functions.length);
  });
});
