import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { AUTH } from '@goldbot/shared';

/**
 * One-time code rules (docs/decisions.md, "Identity and sessions"; docs/security.md): 4 digits from a CSPRNG, stored only as a
 * keyed hash bound to purpose and e-mail (a registration code can never pass as a reset code),
 * compared in constant time, 10-minute life, 5 wrong tries, 30 s resend cool-down, 5 per hour.
 */
export type CodePurpose = 'registration' | 'reset' | 'email-change';

export const generateCode = (): string => String(randomInt(0, 10 ** AUTH.otpLength)).padStart(AUTH.otpLength, '0');

export function hashCode(key: string, purpose: CodePurpose, email: string, code: string): string {
  return createHmac('sha256', key).update(`${purpose}\n${email.toLowerCase()}\n${code}`).digest('hex');
}

export function hashesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

export interface StoredCode {
  codeHash: string;
  wrongTries: number;
  /** Epoch seconds. */
  expiresAt: number;
  /** Epoch milliseconds of the last send. */
  lastSentAt: number;
  /** The account a code belongs to, for e-mail changes (the address is not the account's yet). */
  userId?: string;
}

export type CodeCheck = 'valid' | 'wrong' | 'expired' | 'exhausted' | 'missing';

export function checkCode(stored: StoredCode | undefined, candidateHash: string, nowMs: number): CodeCheck {
  if (!stored) return 'missing';
  if (stored.expiresAt * 1000 <= nowMs) return 'expired';
  if (stored.wrongTries >= AUTH.otpMaxWrongTries) return 'exhausted';
  return hashesEqual(stored.codeHash, candidateHash) ? 'valid' : 'wrong';
}

/** Seconds until another code may be sent, 0 when allowed now. */
export function resendWaitSeconds(stored: Pick<StoredCode, 'lastSentAt'> | undefined, nowMs: number): number {
  if (!stored) return 0;
  const readyAt = stored.lastSentAt + AUTH.otpResendCooldownSeconds * 1000;
  return readyAt > nowMs ? Math.ceil((readyAt - nowMs) / 1000) : 0;
}

export const codeExpiry = (nowMs: number) => Math.floor(nowMs / 1000) + AUTH.otpTtlMinutes * 60;

export const CODE_MESSAGES = {
  wrong: 'The code is incorrect. Please check the email and try again.',
  expired: 'This code has expired. Please request a new one.',
  exhausted: 'Too many wrong attempts. Please request a new code.',
  missing: 'No valid code found for this email. Please request a new one.',
  cooldown: (seconds: number) => `Please wait ${seconds} seconds before requesting another code.`,
  hourlyCap: 'Too many codes requested for this email. Please try again later.',
  locked: `Too many incorrect codes for this email. Codes are locked for ${AUTH.codeLockHours} hours: please try again later or contact support.`,
} as const;
