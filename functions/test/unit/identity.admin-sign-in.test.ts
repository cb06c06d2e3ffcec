import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_SIGN_IN_REQUIRED_MESSAGE, implementedRoutes, type RouteId } from '@goldbot/shared';
import { paymentKey, toPaymentItem } from '../../src/data/payment-entity.js';
import { subscriptionKey, toSubscriptionItem } from '../../src/data/subscription-entity.js';
import {
  CALLERS,
  givenProfiles,
  httpEvent,
  invoke,
  type Claims,
  routeHandler,
  userDataEvent,
} from '../helpers/lambda.js';
import { useMockedDynamo } from '../helpers/dynamo-outcomes.js';
import { pendingPayment, pendingSubscription } from '../helpers/payment-samples.js';

/**
 * A Google sign-in never acts as an administrator (docs/security.md, "Google sign-in"): Cognito
 * asks federated users for no TOTP, so an administrator's token from the hosted-UI client, or one
 * that carries a federated identity, is refused with 403 and the way in (/admin-login, password
 * and code) on every admin route, on the admin branches of user routes and before a wallet
 * activation. Every admin route of the table is sent such a token, in process.
 */
const dynamo = useMockedDynamo();
beforeEach(() => {
  dynamo.on(GetCommand).resolves({});
  givenProfiles(dynamo, CALLERS.user, CALLERS.admin);
});

/** The administrator, signed in with Google through the hosted UI (its own client id as audience). */
const HOSTED_UI_ADMIN: Claims = {
  ...CALLERS.admin,
  aud: 'hosted-ui-client',
  identities: '[{"userId":"109876543210","providerName":"Google","providerType":"Google","primary":"true"}]',
};
/** The same administrator, linked to Google before linking administrators was refused, on the API's client. */
const LINKED_ADMIN: Claims = { ...CALLERS.admin, identities: HOSTED_UI_ADMIN.identities ?? '' };

const load = routeHandler;

const profileReads = () =>
  dynamo.commandCalls(GetCommand).filter((call) => String(call.args[0].input.Key?.SK) === 'PROFILE');

const adminRoutes = implementedRoutes().filter((route) => route.auth === 'admin');

describe('admin routes', () => {
  it('are all covered', () => {
    expect(adminRoutes.length).toBeGreaterThan(20);
  });

  it.each(adminRoutes.map((route) => [route.id as RouteId, route] as const))(
    '%s refuses a hosted-UI or Google token with 403 and the way in, before reading anything',
    async (routeId, route) => {
      const handler = await load(routeId);
      const params = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name, 'x']));
      for (const claims of [HOSTED_UI_ADMIN, LINKED_ADMIN]) {
        const res = await invoke(
          handler,
          httpEvent({ routeId, claims, pathParameters: Object.keys(params).length > 0 ? params : undefined }),
        );
        expect([res.statusCode, res.body.message], routeId).toEqual([403, ADMIN_SIGN_IN_REQUIRED_MESSAGE]);
      }
      expect(dynamo.calls()).toHaveLength(0);
    },
  );
});

describe('admin branches of user routes', () => {
  it("getuserdata: another account's profile is refused, the caller's own is served", async () => {
    const handler = await load('auth-get-user-data');
    const other = await invoke(handler, userDataEvent(HOSTED_UI_ADMIN, CALLERS.user));
    expect([other.statusCode, other.body.message]).toEqual([403, ADMIN_SIGN_IN_REQUIRED_MESSAGE]);
    const own = await invoke(handler, userDataEvent(HOSTED_UI_ADMIN, CALLERS.admin));
    expect(own.statusCode, own.rawBody).toBe(200);
    expect(profileReads().length).toBeGreaterThan(0);
  });

  it("payment-receipt: another customer's receipt is refused; with the API's token it is served", async () => {
    const payment = pendingPayment({ status: 'completed', approvedAt: '2026-11-21T09:00:00.000Z' });
    const subscription = { ...pendingSubscription(payment), status: 'active' as const };
    dynamo.on(GetCommand, { Key: paymentKey(payment._id) }).resolves({ Item: toPaymentItem(payment) });
    dynamo
      .on(GetCommand, { Key: subscriptionKey(payment.userId, payment.subscriptionId) })
      .resolves({ Item: toSubscriptionItem(subscription) });
    const handler = await load('payment-receipt');
    const asAdmin = (claims: Claims) =>
      invoke(handler, httpEvent({ routeId: 'payment-receipt', claims, pathParameters: { id: payment._id } }));
    for (const claims of [HOSTED_UI_ADMIN, LINKED_ADMIN]) {
      const refused = await asAdmin(claims);
      expect([refused.statusCode, refused.body.message]).toEqual([403, ADMIN_SIGN_IN_REQUIRED_MESSAGE]);
    }
    const served = await asAdmin(CALLERS.admin);
    expect(served.statusCode, served.rawBody).toBe(200);
  });
});
