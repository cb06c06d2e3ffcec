import { ADMIN_SIGN_IN_REQUIRED_MESSAGE, implementedRoutes, type RouteDefinition } from '@goldbot/shared';
import type { APIGatewayProxyEventV2 } from 'aws-lambda';
import { describe, expect, it } from 'vitest';
import { assertAdminAction } from '../../functions/src/domain/auth/admin-mfa.js';
import { callerFromEvent } from '../../functions/src/kit/identity.js';
import { assertRouteAccess } from '../../functions/src/kit/middlewares/authentication.js';
import { PRODUCTION_CONTEXT, resourcesOfType, useSynth } from './helpers/synth.js';

/**
 * A Google sign-in never reaches the back office (docs/security.md, "Google sign-in"), checked on
 * the synth of a real deployment with Google on. API Gateway's one JWT authorizer accepts both
 * app clients as audiences (a customer's Google session uses the user routes), so it lets a
 * hosted-UI token through to every route; what stops it on an admin path is the function: the
 * handler kit acts as an administrator only with a token whose audience is the function's
 * USER_POOL_CLIENT_ID. So every admin action's function must be behind the authorizer, get the
 * web client (never the hosted-UI client) as USER_POOL_CLIENT_ID, and have admin MFA on; the
 * kit's own check then runs here with the template's values.
 */
const synth = useSynth({ context: PRODUCTION_CONTEXT });

const routes = implementedRoutes();
/** Admin routes, and the user routes whose admin branch is an admin action (another account's profile, receipt). */
const ADMIN_BRANCHES = ['auth-get-user-data', 'payment-receipt'];
const adminActions = routes.filter((route) => route.auth === 'admin' || ADMIN_BRANCHES.includes(route.id));

type Reference = { 'Fn::GetStackOutput': { StackName: string; OutputName: string } };
type Resource = { Properties?: Record<string, unknown> };

/** The auth stack's client a cross-stack reference names: 'web' (the API's own) or 'hosted-ui' (Google). */
function clientOf(reference: unknown): { logicalId: string; kind: 'web' | 'hosted-ui' } {
  const output = (reference as Reference)['Fn::GetStackOutput'];
  expect(output.StackName).toBe('Goldbot-Auth');
  const outputs = (synth().templates.auth.toJSON() as { Outputs: Record<string, { Value: { Ref?: string } }> }).Outputs;
  const logicalId = outputs[output.OutputName]?.Value.Ref ?? '';
  const client = resourcesOfType(synth().templates.auth, 'AWS::Cognito::UserPoolClient')[logicalId];
  expect(client, `${output.OutputName} names an app client`).toBeDefined();
  return { logicalId, kind: client?.Properties?.AllowedOAuthFlowsUserPoolClient === true ? 'hosted-ui' : 'web' };
}

function functionOf(route: RouteDefinition): Resource {
  const matches = Object.values(resourcesOfType(synth().templates.api, 'AWS::Lambda::Function')).filter((fn) =>
    String(fn.Properties?.Description).startsWith(`${route.method} ${route.path}:`),
  );
  expect(matches, route.id).toHaveLength(1);
  return matches[0] as Resource;
}

const envOf = (fn: Resource) => (fn.Properties?.Environment as { Variables: Record<string, unknown> }).Variables;

/** The claims API Gateway passes for an administrator's ID token issued to `audience`. */
function adminEvent(audience: string, extra: Record<string, string> = {}): APIGatewayProxyEventV2 {
  const now = String(Math.floor(Date.now() / 1000));
  const claims = {
    sub: '99999999-9999-4999-8999-999999999999',
    email: 'admin@example.com',
    email_verified: 'true',
    'cognito:groups': '[admin]',
    token_use: 'id',
    aud: audience,
    auth_time: now,
    iat: now,
    ...extra,
  };
  return { requestContext: { authorizer: { jwt: { claims, scopes: null } } } } as unknown as APIGatewayProxyEventV2;
}

describe('a hosted-UI (Google) token on the admin paths', () => {
  it('passes the API gateway: its one JWT authorizer accepts the web and the hosted-UI client', () => {
    const authorizers = Object.values(resourcesOfType(synth().templates.api, 'AWS::ApiGatewayV2::Authorizer'));
    expect(authorizers).toHaveLength(1);
    const audiences = (authorizers[0]?.Properties?.JwtConfiguration as { Audience: unknown[] }).Audience;
    expect(audiences.map((audience) => clientOf(audience).kind).sort()).toEqual(['hosted-ui', 'web']);
  });

  it('reaches every admin action only through the authorizer, so the function sees its claims', () => {
    expect(adminActions.length).toBeGreaterThan(20);
    const byKey = new Map(
      Object.values(resourcesOfType(synth().templates.api, 'AWS::ApiGatewayV2::Route')).map((r) => [
        r.Properties?.RouteKey,
        r.Properties,
      ]),
    );
    for (const route of adminActions) {
      expect(byKey.get(`${route.method} ${route.path}`)?.AuthorizationType, route.id).toBe('JWT');
    }
  });

  it('gives every admin action the web client as the one audience that acts as an administrator, and admin MFA', () => {
    for (const route of adminActions) {
      const env = envOf(functionOf(route));
      expect(clientOf(env.USER_POOL_CLIENT_ID).kind, route.id).toBe('web');
      expect(env.ADMIN_MFA_REQUIRED, route.id).toBe('true');
    }
  });

  it('is refused by every admin action with 403 and the way in; the web client’s token is let through', () => {
    const authorizer = Object.values(resourcesOfType(synth().templates.api, 'AWS::ApiGatewayV2::Authorizer'))[0];
    const audiences = (authorizer?.Properties?.JwtConfiguration as { Audience: unknown[] }).Audience.map(clientOf);
    const hostedUi = audiences.find((client) => client.kind === 'hosted-ui')?.logicalId ?? '';
    const web = audiences.find((client) => client.kind === 'web')?.logicalId ?? '';
    // The deployed ids are what these logical ids resolve to; the comparison is the same.
    const totpOn = { mfaEnabledAt: new Date(Date.now() - 3_600_000).toISOString() };
    for (const route of adminActions) {
      const apiClientId = clientOf(envOf(functionOf(route)).USER_POOL_CLIENT_ID).logicalId;
      const check = (event: APIGatewayProxyEventV2) => () => {
        const caller = callerFromEvent(event, apiClientId);
        assertRouteAccess(route, caller);
        if (route.auth !== 'admin' && caller) assertAdminAction(caller, totpOn, true);
      };
      const refusal = { statusCode: 403, message: ADMIN_SIGN_IN_REQUIRED_MESSAGE };
      expect(check(adminEvent(hostedUi)), route.id).toThrow(expect.objectContaining(refusal));
      // A Google identity linked to the account stays refused on the web client's audience too.
      const identities = '[{"providerName":"Google","providerType":"Google","userId":"1098"}]';
      expect(check(adminEvent(web, { identities })), route.id).toThrow(expect.objectContaining(refusal));
      expect(check(adminEvent(web)), route.id).not.toThrow();
    }
  });
});
