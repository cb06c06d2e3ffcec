import { verifyReferralInputSchema } from '@goldbot/shared';
import { dynamoCustomerReads } from '../data/customer-read-store.js';
import { verifyReferral } from '../domain/commerce/customer-commerce.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';

const deps = { store: dynamoCustomerReads };

/** Limited per signed-in user, so nobody can walk the code space (data-model E9). */
export const handler = defineHandler(
  {
    route: 'payment-verify-referral',
    body: verifyReferralInputSchema,
    limits: [{ name: 'verifyReferralPerUser', by: 'caller' }],
  },
  async ({ body, caller }) => ok(await verifyReferral(deps, caller, body.referralCode)),
);
