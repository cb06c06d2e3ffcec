import { AUTH } from '@goldbot/shared';
import type { EmailTemplateType } from '../email/templates.js';
import { TooManyRequestsError, ValidationError } from '../errors.js';
import { codeKey, type AccountDeps, type CodeCheckDeps, type CodeMailDeps } from './account-deps.js';
import type { CodeState } from './account-stores.js';
import { CODE_MESSAGES, checkCode, codeExpiry, generateCode, hashCode, type CodePurpose } from './one-time-codes.js';

/**
 * The steps every use case with a one-time code shares: mailing a code (within the lock, the
 * cool-down and the hourly cap) and checking one without consuming it (a wrong try is counted
 * against that code and against the address).
 */
export const CODE_TEMPLATES = {
  registration: 'otpVerification',
  reset: 'passwordResetOtp',
  'email-change': 'emailChangeOtp',
} as const satisfies Record<CodePurpose, EmailTemplateType>;

/**
 * Mails a code. The username goes only to an address that is already proven (a reset): a code
 * for an unproven address (registration, e-mail change) must not tell a stranger whose account
 * it is.
 */
export async function sendCode(
  deps: CodeMailDeps,
  email: string,
  purpose: CodePurpose,
  options: {
    username?: string;
    owner?: string;
    /** The lock (and, read with `mail`, the refusal and template) as the use case read them (readCodeState). */
    state?: CodeState;
    /** A just-proven password's address: its back-off is cleared with the code's write. */
    clearLoginFailuresOf?: string;
  } = {},
) {
  const { store, now } = deps;
  const state = options.state ?? (await store.readCodeState(email, purpose, now()));
  assertNotLocked(deps, state.lockedUntil);
  // A cool-down or cap already seen in the read refuses without a write.
  if (state.issueRefusal) throw state.issueRefusal;
  const otpHashKey = await codeKey(deps);
  const code = generateCode();
  const nowMs = now();
  await store.issueCode(email, purpose, hashCode(otpHashKey, purpose, email, code), codeExpiry(nowMs), nowMs, {
    ...(options.owner === undefined ? {} : { owner: options.owner }),
    ...(options.clearLoginFailuresOf === undefined ? {} : { clearLoginFailuresOf: options.clearLoginFailuresOf }),
  });
  const username = purpose === 'reset' ? (options.username ?? '') : '';
  await deps.sendMail(
    email,
    CODE_TEMPLATES[purpose],
    { username, code, expiresInMinutes: AUTH.otpTtlMinutes },
    state.template,
  );
}

/**
 * After too many wrong codes an address gets no codes and no code checks for a day. Its own
 * class, so a use case that hides a cool-down or cap (no enumeration) can still tell the lock apart.
 */
export class CodesLockedError extends TooManyRequestsError {}

export function assertNotLocked(deps: AccountDeps, lockedUntil: number): void {
  if (lockedUntil > 0) throw new CodesLockedError(CODE_MESSAGES.locked, lockedUntil - Math.floor(deps.now() / 1000));
}

/** Checks a code without consuming it; a wrong try is counted against that exact code and the address. */
export async function checkSubmittedCode(
  deps: CodeCheckDeps,
  email: string,
  purpose: CodePurpose,
  code: string,
  owner?: string,
  preRead?: CodeState,
): Promise<string> {
  const { store, now } = deps;
  // The lock and the code in one read (docs/performance.md), or the use case's read.
  const state = preRead ?? (await store.readCodeState(email, purpose, now()));
  assertNotLocked(deps, state.lockedUntil);
  const otpHashKey = await codeKey(deps);
  const candidate = hashCode(otpHashKey, purpose, email, code);
  const found = state.code;
  // An e-mail-change code is only ever valid for the account that asked for it.
  const stored = owner === undefined || found?.userId === owner ? found : undefined;
  const verdict = checkCode(stored, candidate, now());
  if (verdict === 'valid') return candidate;
  if (verdict === 'wrong' && stored) {
    // The address's count first: a wrong code that locks the address needs no try counted
    // against the code, as the lock outlives every code (codeLockHours against otpTtlMinutes).
    // Two requests either way (docs/performance.md).
    if ((await store.recordCodeFailure(email, now())) > 0) {
      throw new TooManyRequestsError(CODE_MESSAGES.locked, AUTH.codeLockHours * 3600);
    }
    await store.recordWrongTry(email, purpose, stored.codeHash);
    if (stored.wrongTries + 1 >= AUTH.otpMaxWrongTries)
      throw new ValidationError(CODE_MESSAGES.exhausted, { otp: CODE_MESSAGES.exhausted });
    throw new ValidationError(CODE_MESSAGES.wrong, { otp: CODE_MESSAGES.wrong });
  }
  throw new ValidationError(CODE_MESSAGES[verdict], { otp: CODE_MESSAGES[verdict] });
}
