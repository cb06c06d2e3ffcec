import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';
import { authService } from '../services/auth-service.js';

export const handler = defineHandler({ route: 'auth-me' }, async ({ caller }) => ok(await authService.me(caller)));
