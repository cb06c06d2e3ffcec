import type { RouteDefinition, ScheduleDefinition, SCHEDULES } from '@goldbot/shared';

/**
 * What a function may touch, derived from the route table instead of written per function, so a
 * new route gets least privilege by default and a reviewer reads the rules in one place.
 */
export interface AccessProfile {
  /** 'read' for GET routes (they never write), 'readWrite' otherwise. */
  readonly table: 'read' | 'readWrite';
  /** Cognito admin API actions, scoped to the user pool ARN; empty = no Cognito permission. */
  readonly cognitoActions: readonly string[];
  /** ses:SendEmail from the configured sender only. */
  readonly sendsMail: boolean;
}

/**
 * Auth endpoints run sign-up, confirmation, sign-in, refresh, password reset and profile updates
 * on Cognito (DESIGN.md §6). SignUp/InitiateAuth are unauthenticated Cognito APIs that need no IAM
 * permission; they are listed anyway so the policy documents every call the handlers make.
 */
export const AUTH_COGNITO_ACTIONS = [
  'cognito-idp:SignUp',
  'cognito-idp:InitiateAuth',
  'cognito-idp:AdminConfirmSignUp',
  // Registration compensation: a Cognito user whose profile could not be written is deleted again.
  'cognito-idp:AdminDeleteUser',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminInitiateAuth',
  'cognito-idp:AdminListGroupsForUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminUserGlobalSignOut',
  'cognito-idp:ListUsers',
] as const;

/** Admin user management: deactivation disables the user and revokes its refresh tokens (DESIGN.md §6). */
export const ADMIN_USER_COGNITO_ACTIONS = [
  'cognito-idp:AdminDisableUser',
  'cognito-idp:AdminEnableUser',
  'cognito-idp:AdminGetUser',
  'cognito-idp:AdminUserGlobalSignOut',
] as const;

/** Route families whose state changes send e-mail: OTP and reset codes, payment and withdrawal notices. */
const MAILING_PREFIXES = ['/api/auth/', '/api/payment/', '/api/withdrawal/'] as const;

export function routeAccess(route: RouteDefinition): AccessProfile {
  const writes = route.method !== 'GET';
  const cognitoActions = route.path.startsWith('/api/auth/')
    ? AUTH_COGNITO_ACTIONS
    : // Only the per-user admin actions (activate/deactivate) touch Cognito; `/api/admin/users` and the
      // subscriptions list read the table.
      route.path.startsWith('/api/admin/user/') && writes
      ? ADMIN_USER_COGNITO_ACTIONS
      : [];
  // A GET never sends mail; mutating auth/payment/withdrawal routes may (codes, receipts, decisions).
  const sendsMail = writes && MAILING_PREFIXES.some((prefix) => route.path.startsWith(prefix));
  return { table: writes ? 'readWrite' : 'read', cognitoActions, sendsMail };
}

type JobId = (typeof SCHEDULES)[number]['id'];

/** Every scheduled job is listed here (the type forces a decision when a job is added to SCHEDULES). */
const JOB_ACCESS: Record<JobId, AccessProfile> = {
  'job-expire-subscriptions': { table: 'readWrite', cognitoActions: [], sendsMail: false },
  'job-send-activation-emails': { table: 'readWrite', cognitoActions: [], sendsMail: true },
};

/** Jobs not in the map (only possible in tests with ad-hoc definitions) get table access and nothing else. */
export function jobAccess(job: ScheduleDefinition): AccessProfile {
  return (
    (JOB_ACCESS as Partial<Record<string, AccessProfile>>)[job.id] ?? {
      table: 'readWrite',
      cognitoActions: [],
      sendsMail: false,
    }
  );
}
