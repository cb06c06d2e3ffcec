import { userIdPathSchema } from '@goldbot/shared';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';
import { authService } from '../services/auth-service.js';

export const handler = defineHandler(
  { route: 'auth-get-user-data', params: userIdPathSchema },
  async ({ caller, params }) => ok(await authService.getUserData(caller, params.userId)),
);
