import { registerInputSchema } from '@goldbot/shared';
import { defineHandler } from '../kit/http-handler.js';
import { created } from '../kit/http-response.js';
import { authService } from '../services/auth-service.js';

export const handler = defineHandler(
  { route: 'auth-register', body: registerInputSchema, limits: [{ name: 'registerPerIp', by: 'ip' }] },
  async ({ body }) => created(await authService.register(body)),
);
