import { verifyReferralInputSchema } from '@goldbot/shared';
import { customerReadDeps as deps } from '../wiring/commerce.js';
import { verifyReferral } from '../domain/commerce/customer-commerce.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

/** Limited per signed-in user, so nobody can walk the code space. */
export const handler = defineHandler(
  {
    route: 'payment-verify-referral',
    checks: awsChecks,
    body: verifyReferralInputSchema,
    limits: [{ name: 'verifyReferralPerUser', by: 'caller' }],
  },
  async ({ body, caller }) => ok(await verifyReferral(deps, caller, body.referralCode)),
);
