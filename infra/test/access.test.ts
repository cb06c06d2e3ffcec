import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getRoute, ROUTES, SCHEDULES } from '@goldbot/shared';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../lib/paths.js';
import { ADMIN_USER_COGNITO_ACTIONS, AUTH_COGNITO_ACTIONS, jobAccess, routeAccess } from '../lib/access.js';

/** The permission rules over the whole route table, implemented or not, so new routes are covered. */
describe('routeAccess', () => {
  it.each(ROUTES.map((r) => [r.id, r] as const))('%s: GET reads, other methods read and write', (_, route) => {
    expect(routeAccess(route).table).toBe(route.method === 'GET' ? 'read' : 'readWrite');
  });

  it('gives Cognito actions only to /api/auth/ routes and the admin per-user actions', () => {
    for (const route of ROUTES) {
      const { cognitoActions } = routeAccess(route);
      if (route.path.startsWith('/api/auth/')) expect(cognitoActions, route.id).toEqual(AUTH_COGNITO_ACTIONS);
      else if (route.path.startsWith('/api/admin/user/') && route.method !== 'GET')
        expect(cognitoActions, route.id).toEqual(ADMIN_USER_COGNITO_ACTIONS);
      else expect(cognitoActions, route.id).toEqual([]);
    }
    expect(routeAccess(getRoute('admin-user-deactivate')).cognitoActions).toContain('cognito-idp:AdminDisableUser');
    expect(routeAccess(getRoute('admin-users')).cognitoActions).toEqual([]);
  });

  it('allows every Cognito call the auth adapter makes, registration compensation included', () => {
    const adapter = readFileSync(join(REPO_ROOT, 'functions/src/adapters/cognito-directory.ts'), 'utf8');
    const commands = [...adapter.matchAll(/new (\w+)Command\(/g)].map((m) => `cognito-idp:${m[1]}`);
    expect(commands).toContain('cognito-idp:AdminDeleteUser');
    for (const action of new Set(commands)) expect(AUTH_COGNITO_ACTIONS, action).toContain(action);
  });

  it('lists only specific Cognito actions', () => {
    for (const action of [...AUTH_COGNITO_ACTIONS, ...ADMIN_USER_COGNITO_ACTIONS]) {
      expect(action).toMatch(/^cognito-idp:[A-Z][A-Za-z]+$/);
    }
  });

  it('lets only mutating auth, payment and withdrawal routes send mail', () => {
    const senders = ROUTES.filter((r) => routeAccess(r).sendsMail).map((r) => r.id);
    expect(senders).toEqual(
      expect.arrayContaining([
        'auth-register',
        'auth-resend-otp',
        'auth-request-password-reset',
        'payment-approve-usdt',
        'withdrawal-approve',
      ]),
    );
    for (const id of senders) {
      const route = getRoute(id as Parameters<typeof getRoute>[0]);
      expect(route.method).not.toBe('GET');
      expect(route.path).toMatch(/^\/api\/(auth|payment|withdrawal)\//);
    }
    expect(routeAccess(getRoute('contact-add')).sendsMail).toBe(false);
  });
});

describe('jobAccess', () => {
  it('covers every scheduled job; only the activation mail job sends mail', () => {
    for (const job of SCHEDULES) {
      const access = jobAccess(job);
      expect(access.table).toBe('readWrite');
      expect(access.cognitoActions).toEqual([]);
      expect(access.sendsMail, job.id).toBe(job.id === 'job-send-activation-emails');
    }
  });
});
