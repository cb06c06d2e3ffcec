import { createHash } from 'node:crypto';
import type { AuthSessionResponse } from '@goldbot/shared';
import type { EmailTemplate, EmailTemplateType } from '../email/templates.js';
import type { AccountStore } from './account-stores.js';
import type { IdentityDirectory } from './identity-directory.js';
import type { UserProfile } from '../records/user-profile.js';

/**
 * What the account use cases run on (registration.ts, sign-in.ts, mfa-sign-in.ts,
 * password-reset.ts, account-profile.ts). The stores, Cognito, the code key and mail are injected,
 * and each use case asks only for what it uses, so each route's function wires, and bundles, only
 * those clients: profiles need DynamoDB alone, sign-in adds Cognito, code checks the code key, and
 * only the routes that mail load SES and the template renderer.
 */
export interface AuthDeps {
  store: AccountStore;
  directory: IdentityDirectory;
  /**
   * Sends an account mail: the type's template (an admin's edit or the default), read at send
   * time and rendered with the values. `template`: already read with the use case's own items
   * (readCodeState's `mail`, where a separate read would take a route past its round trips).
   */
  sendMail: (
    to: string,
    type: EmailTemplateType,
    values: Record<string, string | number>,
    template?: EmailTemplate,
  ) => Promise<void>;
  /** The code key, or how to fetch it: only the functions that use codes ever ask. */
  otpHashKey: string | (() => Promise<string>);
  now: () => number;
  /** Waits between retries of Cognito's global sign-out (tests pass a no-op). */
  sleep?: (ms: number) => Promise<void>;
  /** Administrators must sign in with TOTP; off locally, where cognito-local has no MFA. */
  adminMfaRequired?: boolean;
  /** A new random id for a TOTP set-up (tests pass a fixed one). */
  newSetupId?: () => string;
  /** Called when Cognito's global sign-out still fails after its retries (logged and counted). */
  onGlobalSignOutFailure?: (error: unknown, userId: string) => void;
}

/** What every use case has: the table, the clock and the settings (no client beyond DynamoDB). */
export type AccountDeps = Omit<AuthDeps, 'directory' | 'sendMail' | 'otpHashKey'>;
/** The capabilities a use case adds to AccountDeps when it needs them. */
export type Directory = Pick<AuthDeps, 'directory'>;
export type CodeKey = Pick<AuthDeps, 'otpHashKey'>;
export type Mail = Pick<AuthDeps, 'sendMail'>;
export type CodeCheckDeps = AccountDeps & CodeKey;
export type CodeMailDeps = AccountDeps & CodeKey & Mail;

export interface SessionCaller {
  userId: string;
  email: string;
  /** The token's `email_verified`; absent means not verified. */
  emailVerified?: boolean;
  isAdmin: boolean;
  /**
   * The caller's profile as this request's session guard already read it (null: none yet), so it
   * is not read twice (the round-trip budget in docs/performance.md); undefined: read it here.
   */
  knownProfile?: UserProfile | null;
  /** Epoch seconds of the token's sign-in (`auth_time`): an admin action checks it against TOTP. */
  authTime?: number;
  /** The token comes from the API's own sign-in (kit/identity.ts); absent counts as no, for admin actions. */
  apiSignIn?: boolean;
}

/** What an opened session answers: the body, and the refresh token for the HttpOnly cookie. */
export interface OpenedSession {
  body: AuthSessionResponse;
  refreshToken: string;
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The code key: the value itself, or its fetch (read through the one secret reader by wiring/otp-hash-key.ts). */
export const codeKey = (deps: CodeKey): Promise<string> =>
  typeof deps.otpHashKey === 'string' ? Promise.resolve(deps.otpHashKey) : deps.otpHashKey();
