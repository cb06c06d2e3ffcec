import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';

export const handler = defineHandler({ route: 'health' }, async () =>
  ok({ status: 'ok', time: new Date().toISOString() }),
);
