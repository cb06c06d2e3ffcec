import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getRoute, ROUTES, SCHEDULES, type RouteId } from '@goldbot/shared';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../lib/paths.js';
import { handlerSendsMail, importsReach, MAIL_WIRING_MODULE } from '../lib/handler-wiring.js';
import {
  ADMIN_ROUTE_COGNITO_CALLS,
  AUTH_TABLE_SCOPE,
  AUTH_ROUTE_ACCESS,
  COGNITO_CALLS_WITHOUT_IAM,
  cognitoCallsOf,
  jobAccess,
  routeAccess,
} from '../lib/access.js';

const access = (id: RouteId) => routeAccess(getRoute(id));
const AUTH_PARTITIONS = AUTH_TABLE_SCOPE.partitions;
const authRoutes = ROUTES.filter((r) => r.path.startsWith('/api/auth/'));

/** IAM StringLike with `*` only, as dynamodb:LeadingKeys is matched. */
const matchesLike = (pattern: string, value: string) =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(value);
const allows = (patterns: readonly string[] | undefined, partition: string) =>
  patterns === undefined || patterns.some((p) => matchesLike(p, partition));

/** The account stores the auth routes run on (functions/src/wiring/accounts.ts wires them). */
const ACCOUNT_STORE_FILES = [
  'functions/src/data/account-writes.ts',
  'functions/src/data/registration-store.ts',
  'functions/src/data/one-time-code-store.ts',
  'functions/src/data/login-backoff-store.ts',
  'functions/src/data/session-store.ts',
  'functions/src/data/mfa-setup-store.ts',
  'functions/src/data/account-identity-store.ts',
  'functions/src/data/profile-store.ts',
];

/**
 * The table partitions a source file builds keys for: `PK: \`USER#${...}\`` -> `USER#x` (a sample
 * value of the prefix), `PK: 'STATS#USERS'` -> itself. GSI keys (GSI1PK...) are not table partitions.
 */
function partitionsBuiltIn(relativePath: string): string[] {
  const source = readFileSync(join(REPO_ROOT, relativePath), 'utf8');
  const found = [...source.matchAll(/(?<![A-Z0-9])PK: *[`'"]([^`'"$]*)(\$\{)?/g)].map(
    (m) => `${m[1] ?? ''}${m[2] ? 'x' : ''}`,
  );
  return [...new Set(found)];
}

/** The permission rules over the whole route table, implemented or not, so new routes are covered. */
describe('routeAccess: table', () => {
  it.each(ROUTES.map((r) => [r.id, r] as const))('%s: GET reads, other methods read and write', (id, route) => {
    const exceptions: Record<string, string> = {
      health: 'none',
      'auth-me': 'readWrite',
      'settings-email-templates-preview': 'read',
    };
    const expected = exceptions[id] ?? (route.method === 'GET' ? 'read' : 'readWrite');
    expect(routeAccess(route).table).toBe(expected);
  });

  it('lets the template preview, a POST that stores nothing, read the caller profile and nothing else', () => {
    expect(access('settings-email-templates-preview')).toMatchObject({
      table: 'read',
      tablePartitions: ['USER#*'],
      tableIndexes: [],
      sendsMail: false,
      cognitoActions: [],
    });
  });

  it('lets auth-me write although it is a GET: it creates a missing profile', () => {
    expect(access('auth-me').table).toBe('readWrite');
    const otherGets = ROUTES.filter((r) => r.method === 'GET' && r.id !== 'auth-me' && r.id !== 'health');
    for (const route of otherGets) expect(routeAccess(route).table, route.id).toBe('read');
  });

  it('gives health no table access at all', () => {
    expect(access('health')).toMatchObject({ table: 'none', tablePartitions: undefined });
  });

  it('restricts the auth family to the partitions its store builds keys for, and keeps it out of money', () => {
    const authFiles = [
      ...ACCOUNT_STORE_FILES,
      'functions/src/data/user-profile-entity.ts',
      'functions/src/data/one-time-code-entity.ts',
      'functions/src/data/email-template-store.ts',
    ];
    const built = authFiles.flatMap(partitionsBuiltIn);
    expect(built).toEqual(expect.arrayContaining(['USER#x', 'OTP#x', 'STATS#USERS']));
    for (const partition of built) expect(allows(AUTH_PARTITIONS, partition), partition).toBe(true);
    for (const route of authRoutes) expect(routeAccess(route).tablePartitions, route.id).toEqual(AUTH_PARTITIONS);
    for (const money of ['PAYMENT#x', 'WITHDRAWAL#x', 'TXID#x', 'WALLET#USDT#x', 'ACTIVEWALLET#USDT', 'CATALOG']) {
      expect(allows(AUTH_PARTITIONS, money), money).toBe(false);
    }
    expect(allows(AUTH_PARTITIONS, 'STATS#PAYMENTS')).toBe(false);
  });

  it('lets a partition-restricted route query only the indexes it names, so no list reads around its partitions', () => {
    // The auth store looks everything up by key: if it ever queries an index, AUTH_TABLE_SCOPE must name it.
    for (const file of [
      ...ACCOUNT_STORE_FILES,
      'functions/src/data/rate-limit-store.ts',
      'functions/src/data/email-template-store.ts',
      'functions/src/data/package-catalog-store.ts',
    ]) {
      expect(readFileSync(join(REPO_ROOT, file), 'utf8'), file).not.toMatch(/IndexName/);
    }
    for (const route of authRoutes) expect(routeAccess(route).tableIndexes, route.id).toEqual([]);
    expect(access('contact-list').tableIndexes).toEqual(['GSI1', 'GSI2']);
    // Mark All Read finds the unread messages in the sparse unread index, and nothing else.
    expect(access('contact-mark-all-read').tableIndexes).toEqual(['GSI2']);
    for (const id of ['contact-add', 'contact-delete', 'contact-mark-read', 'packages-list'] as const) {
      expect(access(id).tableIndexes, id).toEqual([]);
    }
    // Unrestricted routes keep every index (and every partition).
    expect(access('payment-all')).toMatchObject({ tablePartitions: undefined, tableIndexes: undefined });
  });

  it('lets every restricted public write count its requests and every restricted signed-in route read the caller', () => {
    for (const route of ROUTES) {
      const { tablePartitions } = routeAccess(route);
      if (!tablePartitions) continue;
      // The handler kit counts every anonymous write in RATE# before anything else.
      if (route.auth === 'public' && route.method !== 'GET')
        expect(allows(tablePartitions, 'RATE#x'), route.id).toBe(true);
      // The session guard reads USER#<sub> / PROFILE on every signed-in call.
      if (route.auth !== 'public') expect(allows(tablePartitions, 'USER#x'), route.id).toBe(true);
    }
  });

  it('keeps the contact form to messages and counters, and the catalog to itself', () => {
    const contactKeys = partitionsBuiltIn('functions/src/data/contact-message-entity.ts');
    expect(contactKeys).toEqual(['CONTACT#x']);
    expect(access('contact-add').tablePartitions).toEqual(['CONTACT#*', 'STATS#CONTACTS', 'RATE#*']);
    expect(allows(access('contact-add').tablePartitions, 'USER#x')).toBe(false);
    for (const id of ['contact-add', 'contact-delete', 'contact-mark-read', 'contact-mark-all-read'] as const) {
      expect(allows(access(id).tablePartitions, 'CONTACT#x'), id).toBe(true);
    }
    // The contact counters, and no other aggregate.
    for (const id of [
      'contact-add',
      'contact-list',
      'contact-delete',
      'contact-mark-read',
      'contact-mark-all-read',
    ] as const) {
      expect(allows(access(id).tablePartitions, 'STATS#CONTACTS'), id).toBe(true);
      expect(allows(access(id).tablePartitions, 'STATS#PAYMENTS'), id).toBe(false);
    }
    expect(access('packages-list').tablePartitions).toEqual(['CATALOG', 'SETTINGS']);
    expect(partitionsBuiltIn('functions/src/data/package-catalog-entity.ts')).toEqual(['CATALOG']);
  });
});

describe('routeAccess: Cognito', () => {
  it('names every auth route in the map (the type forces it; this guards casts)', () => {
    expect(Object.keys(AUTH_ROUTE_ACCESS).sort()).toEqual(authRoutes.map((r) => r.id).sort());
  });

  it('grants exactly the IAM-governed calls of each route, and nothing to routes outside the maps', () => {
    for (const route of ROUTES) {
      const expected = cognitoCallsOf(route.id).filter((a) => !COGNITO_CALLS_WITHOUT_IAM.has(a));
      expect(routeAccess(route).cognitoActions, route.id).toEqual(expected);
      if (!(route.id in AUTH_ROUTE_ACCESS) && !(route.id in ADMIN_ROUTE_COGNITO_CALLS)) {
        expect(routeAccess(route).cognitoActions, route.id).toEqual([]);
      }
    }
  });

  it('matches the calls the security review lists per route', () => {
    const iam = (id: RouteId) => access(id).cognitoActions;
    const secret = 'cognito-idp:DescribeUserPoolClient';
    expect(iam('auth-register')).toEqual([secret, 'cognito-idp:AdminGetUser', 'cognito-idp:AdminDeleteUser']);
    expect(iam('auth-verify-otp')).toEqual([
      'cognito-idp:AdminConfirmSignUp',
      'cognito-idp:AdminUpdateUserAttributes',
      'cognito-idp:AdminInitiateAuth',
      secret,
    ]);
    // No AdminListGroupsForUser: login never calls it (the admin rule reads the token's groups).
    expect(iam('auth-login')).toEqual([
      'cognito-idp:AdminInitiateAuth',
      secret,
      'cognito-idp:AdminConfirmSignUp',
      'cognito-idp:AdminUpdateUserAttributes',
    ]);
    expect(iam('auth-reset-password')).toEqual([
      'cognito-idp:AdminSetUserPassword',
      'cognito-idp:AdminUserGlobalSignOut',
    ]);
    expect(iam('auth-update-user')).toEqual([
      'cognito-idp:AdminInitiateAuth',
      secret,
      'cognito-idp:AdminSetUserPassword',
      'cognito-idp:AdminUserGlobalSignOut',
    ]);
    expect(iam('auth-refresh')).toEqual(['cognito-idp:AdminInitiateAuth', secret]);
    expect(iam('auth-mfa-verify')).toEqual(['cognito-idp:AdminRespondToAuthChallenge', secret]);
    expect(iam('auth-logout')).toEqual([secret]);
    // Completing the set-up ends the administrator's older sessions; inside Cognito's MFA_SETUP
    // challenge it also answers that challenge (with the client secret).
    expect(iam('auth-mfa-setup')).toEqual([
      'cognito-idp:AdminUserGlobalSignOut',
      'cognito-idp:AdminRespondToAuthChallenge',
      secret,
    ]);
    expect(iam('auth-confirm-email-change')).toEqual([
      'cognito-idp:AdminUpdateUserAttributes',
      'cognito-idp:AdminUserGlobalSignOut',
    ]);
    // 'Sign out of all devices' needs only Cognito's global sign-out.
    expect(iam('auth-logout-all')).toEqual(['cognito-idp:AdminUserGlobalSignOut']);
    for (const id of [
      'auth-resend-otp',
      'auth-request-password-reset',
      'auth-verify-reset-otp',
      'auth-me',
      'auth-get-user-data',
    ] as const) {
      expect(iam(id), id).toEqual([]);
    }
    expect(cognitoCallsOf('auth-logout')).toEqual(['cognito-idp:RevokeToken', secret]);
  });

  it('signs in and answers challenges only server-side, and reads the client secret only where a call needs it', () => {
    const iam = (id: RouteId) => access(id).cognitoActions;
    const calls = ROUTES.flatMap((r) => cognitoCallsOf(r.id));
    // The client-authorised flows a customer could call with the public client id are gone.
    expect(calls).not.toContain('cognito-idp:InitiateAuth');
    expect(calls).not.toContain('cognito-idp:RespondToAuthChallenge');
    const readers = ROUTES.filter((r) => routeAccess(r).cognitoActions.includes('cognito-idp:DescribeUserPoolClient'))
      .map((r) => r.id)
      .sort();
    expect(readers).toEqual(
      [
        'auth-register',
        'auth-verify-otp',
        'auth-login',
        'auth-refresh',
        'auth-mfa-verify',
        'auth-mfa-setup',
        'auth-logout',
        'auth-update-user',
      ].sort(),
    );
    const signsIn = ROUTES.filter((r) => routeAccess(r).cognitoActions.includes('cognito-idp:AdminInitiateAuth'))
      .map((r) => r.id)
      .sort();
    expect(signsIn).toEqual(['auth-login', 'auth-refresh', 'auth-update-user', 'auth-verify-otp']);
    const answers = ROUTES.filter((r) =>
      routeAccess(r).cognitoActions.includes('cognito-idp:AdminRespondToAuthChallenge'),
    ).map((r) => r.id);
    expect(answers.sort()).toEqual(['auth-mfa-setup', 'auth-mfa-verify']);
    for (const id of ['admin-user-activate', 'admin-user-deactivate'] as const) {
      expect(iam(id), id).toEqual([
        'cognito-idp:AdminDisableUser',
        'cognito-idp:AdminEnableUser',
        'cognito-idp:AdminUserGlobalSignOut',
      ]);
    }
    expect(iam('admin-users')).toEqual([]);
    // Activating a different wallet mails every administrator: it reads the admin group, nothing more.
    expect(iam('payment-wallet-save')).toEqual(['cognito-idp:ListUsersInGroup']);
  });

  it('documents every Cognito call the adapter makes (auth routes and the admin user routes)', () => {
    const adapter = readFileSync(join(REPO_ROOT, 'functions/src/adapters/cognito-directory.ts'), 'utf8');
    // Every operation the adapter sends: each Cognito client command it constructs (`new SignUpCommand(`).
    const commands = new Set(
      [...adapter.matchAll(/\bnew ([A-Z][A-Za-z]+)Command\(/g)].map((m) => `cognito-idp:${m[1] ?? ''}`),
    );
    expect(commands.size).toBeGreaterThan(10);
    expect(commands).toContain('cognito-idp:AdminDeleteUser');
    expect(commands).toContain('cognito-idp:AdminDisableUser');
    const documented = new Set(ROUTES.flatMap((r) => cognitoCallsOf(r.id)));
    for (const action of commands) expect([...documented], action).toContain(action);
  });

  it('lists only specific Cognito actions', () => {
    for (const route of ROUTES) {
      for (const action of cognitoCallsOf(route.id)) expect(action).toMatch(/^cognito-idp:[A-Z][A-Za-z]+$/);
    }
  });
});

describe('routeAccess: mail and the code key', () => {
  it('lets only the routes whose wiring reaches the template mailer send it', () => {
    const senders = ROUTES.filter((r) => routeAccess(r).sendsMail).map((r) => r.id);
    const authSenders = senders.filter((id) => id.startsWith('auth-')).sort();
    expect(authSenders).toEqual(
      [
        'auth-register',
        'auth-resend-otp',
        'auth-login',
        'auth-request-password-reset',
        'auth-update-user',
        'auth-confirm-email-change',
      ].sort(),
    );
    // The wallet save mails every administrator when a different wallet becomes active.
    expect(senders).toEqual(
      expect.arrayContaining(['payment-approve-usdt', 'withdrawal-approve', 'payment-wallet-save']),
    );
    for (const id of senders) {
      const route = getRoute(id as RouteId);
      expect(route.method).not.toBe('GET');
      expect(handlerSendsMail(id), id).toBe(true);
    }
    // They held ses:SendEmail by a path rule and never mail.
    for (const id of [
      'contact-add',
      'payment-verify-referral',
      'withdrawal-request',
      'payment-reject-usdt',
    ] satisfies RouteId[]) {
      expect(access(id).sendsMail, id).toBe(false);
    }
  });

  it('follows imports that load code, not type-only ones, through any depth', () => {
    const dir = mkdtempSync(join(tmpdir(), 'handler-wiring-'));
    try {
      const file = (name: string, text: string) => {
        writeFileSync(join(dir, name), text);
        return join(dir, name);
      };
      const mailer = file('mailer.ts', 'export const send = 1;');
      file('middle.ts', "export { send } from './mailer.js';");
      const typeOnly = file('type-only.ts', "import type { send } from './mailer.js';\nexport type T = typeof send;");
      const direct = file('direct.ts', "import { send } from './middle.js';\nexport const x = send;");
      const lazy = file('lazy.ts', "export const load = () => import('./mailer.js');");
      expect(importsReach(direct, mailer)).toBe(true);
      expect(importsReach(lazy, mailer)).toBe(true);
      expect(importsReach(typeOnly, mailer)).toBe(false);
      expect(handlerSendsMail('no-such-handler')).toBe(false);
      expect(MAIL_WIRING_MODULE).toMatch(/wiring\/template-mail\.ts$/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('gives the code key to the routes that issue or check codes only', () => {
    const readers = ROUTES.filter((r) => routeAccess(r).readsOtpHashKey)
      .map((r) => r.id)
      .sort();
    expect(readers).toEqual(
      [
        'auth-register',
        'auth-verify-otp',
        'auth-resend-otp',
        'auth-login',
        'auth-request-password-reset',
        'auth-verify-reset-otp',
        'auth-reset-password',
        'auth-update-user',
        'auth-confirm-email-change',
      ].sort(),
    );
  });
});

describe('jobAccess', () => {
  it('covers every scheduled job; only the jobs whose wiring mails send mail; none reads the code key', () => {
    // Activation mails, expiry reminders, the chain re-check's auto-approval mail, the new-work mail,
    // the wallet watcher's customer mails and administrators' notices, and the outbox's retries.
    const mailing = [
      'job-send-activation-emails',
      'job-expiry-reminders',
      'job-chain-recheck',
      'job-new-work-mail',
      'job-watch-wallets',
      'job-retry-mails',
    ];
    for (const job of SCHEDULES) {
      const profile = jobAccess(job);
      expect(profile.table).toBe('readWrite');
      // Both mail every member of the admin group, which they list (read-only); no other job calls Cognito.
      expect(profile.cognitoActions).toEqual(
        job.id === 'job-new-work-mail' || job.id === 'job-watch-wallets' ? ['cognito-idp:ListUsersInGroup'] : [],
      );
      expect(profile.readsOtpHashKey).toBe(false);
      expect(profile.sendsMail, job.id).toBe(mailing.includes(job.id));
    }
  });
});
