import {
  botConnectedResponseSchema,
  botConnectionsResponseSchema,
  type BotConnection,
  type BotConnectionStatus,
} from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { pageQuery, usePagedList, type PagedList } from '../../hooks/use-paged-list';

export type BotConnectedResponse = ReturnType<typeof botConnectedResponseSchema.parse>;
export type BotConnectionList = PagedList<BotConnection, null>;

export const BOT_CONNECTIONS_ROUTE = 'admin-bot-connections';

/**
 * GET /api/admin/activations/connections?status=&cursor=&limit=: the customers' MetaTrader 5
 * accounts waiting for the team (oldest first), or connected (newest first), page by page.
 */
export function useBotConnections(status: BotConnectionStatus): BotConnectionList {
  return usePagedList(BOT_CONNECTIONS_ROUTE, { filter: status, search: '' }, async ({ filter, cursor }) => {
    const response = await apiRequest(BOT_CONNECTIONS_ROUTE, {
      query: { status: filter, ...pageQuery({ search: '', cursor }) },
      schema: botConnectionsResponseSchema,
    });
    return { items: response.connections, nextCursor: response.nextCursor, summary: null };
  });
}

/**
 * POST /api/admin/activations/{subscriptionId}/connected: the team connected the bot; the customer
 * is mailed. 404 without a request, 409 when it was superseded or the details changed, as ApiError.
 */
export function markBotConnected(subscriptionId: string): Promise<BotConnectedResponse> {
  return apiRequest('admin-bot-connected', { params: { subscriptionId }, schema: botConnectedResponseSchema });
}
