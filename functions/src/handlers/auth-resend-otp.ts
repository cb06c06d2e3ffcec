import { emailOnlyInputSchema } from '@goldbot/shared';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';
import { authService } from '../services/auth-service.js';

export const handler = defineHandler({ route: 'auth-resend-otp', body: emailOnlyInputSchema }, async ({ body }) =>
  ok(await authService.resendRegistrationCode(body.email)),
);
