/**
 * One-time codes and the abuse counters around them (docs/data-model.md, "One-time code", "Login failures", "Rate-limit counter").
 *   OTP#<email> / PURPOSE#<purpose>       the live code: keyed hash only, tries, expiry (TTL)
 *   LOGINFAIL#<email> / LOGINFAIL          consecutive failed sign-ins and the back-off deadline
 *   RATE#<action>#<subject> / WINDOW#<t>   fixed-window counters (TTL): request limits, code sends, wrong codes
 *   CODELOCK#<email> / CODELOCK            codes refused for this address until `lockedUntil` (TTL)
 *   MFASETUP#<setupId> / MFASETUP          an admin's TOTP set-up in progress: Cognito access token, 10 minutes (TTL)
 */
import type { CodePurpose } from '../domain/auth/one-time-codes.js';

export const oneTimeCodeKey = (email: string, purpose: CodePurpose) => ({
  PK: `OTP#${email.toLowerCase()}`,
  SK: `PURPOSE#${purpose}`,
});
export const loginFailureKey = (email: string) => ({ PK: `LOGINFAIL#${email.toLowerCase()}`, SK: 'LOGINFAIL' });
export const rateWindowKey = (action: string, subject: string, windowStart: string) => ({
  PK: `RATE#${action}#${subject.toLowerCase()}`,
  SK: `WINDOW#${windowStart}`,
});
export const codeLockKey = (email: string) => ({ PK: `CODELOCK#${email.toLowerCase()}`, SK: 'CODELOCK' });
export const mfaSetupKey = (setupId: string) => ({ PK: `MFASETUP#${setupId}`, SK: 'MFASETUP' });
