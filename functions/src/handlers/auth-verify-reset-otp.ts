import { verifyResetOtpInputSchema } from '@goldbot/shared';
import { verifyResetCode } from '../domain/auth/password-reset.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';
import { accounts } from '../services/accounts.js';
import { otpHashKey } from '../services/otp-hash-key.js';

const deps = { ...accounts, otpHashKey };

export const handler = defineHandler(
  { route: 'auth-verify-reset-otp', body: verifyResetOtpInputSchema, limits: [{ name: 'codeVerifyPerIp', by: 'ip' }] },
  async ({ body }) => ok(await verifyResetCode(deps, body.email, body.otp)),
);
