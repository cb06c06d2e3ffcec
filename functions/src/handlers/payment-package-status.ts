import { customerReadDeps as deps } from '../wiring/customer-read-deps.js';
import { packageStatus } from '../domain/commerce/customer-commerce.js';
import { defineHandler } from '../kit/http-handler.js';
import { ok } from '../kit/http-response.js';

export const handler = defineHandler({ route: 'payment-package-status' }, async ({ caller }) =>
  ok(await packageStatus(deps, caller.userId)),
);
