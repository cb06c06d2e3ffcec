import { botConnectionsQuerySchema } from '@goldbot/shared';
import { listBotConnections } from '../domain/trading/mt5-accounts.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { ok } from '../kit/http-response.js';
import { listBotConnectionsDeps } from '../wiring/admin.js';

/** The Activations screen's bot connections: waiting ones oldest first, or connected ones newest first. */
export const handler = defineHandler(
  { route: 'admin-bot-connections', checks: awsChecks, query: botConnectionsQuerySchema },
  async ({ query }) => ok(await listBotConnections(listBotConnectionsDeps, query)),
);
