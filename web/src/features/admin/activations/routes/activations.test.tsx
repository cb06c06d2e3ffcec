import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, BOT_CONNECTION_MESSAGES, type AdminSubscription, type BotConnection } from '@goldbot/shared';
import { cellTexts, columnHeaders, deferred, jsonResponse } from '@/test/test-utils';
import { adminScreenOpener, customerRef, nth, queriesTo } from '../../testing/render-admin';
import { subscriptionOf } from '../../subscription-history/testing/admin-subscription-fixtures';
import AdminActivationsRoute from './activations';

const LIST = 'GET /api/admin/activations';
const SEND = 'POST /api/payment/send-basic-package-notifications';
const CONNECTIONS = 'GET /api/admin/activations/connections';
const connectedKey = (subscriptionId: string) => `POST /api/admin/activations/${subscriptionId}/connected`;

const connection = (overrides: Partial<BotConnection> = {}): BotConnection => ({
  subscriptionId: 'sub-carol',
  userId: customerRef('carol'),
  packageName: 'Pro Package',
  broker: 'IC Markets',
  server: 'ICMarketsSC-MT5-2',
  accountNumber: '51234567',
  status: 'waiting',
  requestedAt: '2026-03-14T08:00:00.000Z',
  connectedAt: null,
  ...overrides,
});
const connections = (rows: BotConnection[]) => jsonResponse({ connections: rows, nextCursor: null });

const list = (subscriptions: AdminSubscription[]) => jsonResponse({ subscriptions });

const alice = subscriptionOf('alice', {
  startDate: '2026-04-01',
  endDate: '2026-04-30',
});
const bob = subscriptionOf('bob', {
  startDate: '2026-04-01',
  endDate: '2026-04-30',
});

const openScreen = adminScreenOpener(<AdminActivationsRoute />, {
  path: '/admin/activations',
  heading: 'Subscription Activations',
  routes: { [LIST]: list([alice, bob]), [CONNECTIONS]: connections([]) },
});

const table = () => screen.findByRole('table', { name: 'Subscriptions starting today' });
const sendButton = () => screen.getByRole('button', { name: /Send Activation Emails|Sending/ });

describe('admin activations', () => {
  it("lists today's subscribers with their user, e-mail, package and start date", async () => {
    await openScreen();
    const rows = within(await table()).getAllByRole('row');
    expect(columnHeaders(nth(rows, 0))).toEqual(['User', 'Email', 'Package', 'Start Date']);
    expect(rows.slice(1).map((row) => cellTexts(row))).toEqual([
      ['alice', 'alice@example.com', 'Basic Package', 'Apr 1, 2026'],
      ['bob', 'bob@example.com', 'Basic Package', 'Apr 1, 2026'],
    ]);
    expect(sendButton()).toBeEnabled();
  });

  it('says there is nobody to mail and disables Send Activation Emails when the list is empty', async () => {
    await openScreen({ [LIST]: list([]) });
    expect(await screen.findByText('No Basic Package subscriptions starting today')).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
  });

  it('shows the loading text, with the send disabled, until the list arrives', async () => {
    const answer = deferred<Response>();
    await openScreen({ [LIST]: () => answer.promise });
    expect(await screen.findByText('Loading subscriptions...')).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    answer.resolve(list([alice]));
    expect(within(await table()).getByText('alice')).toBeInTheDocument();
    expect(sendButton()).toBeEnabled();
  });

  it("sends once, shows the server's message and reads the list again", async () => {
    const answer = deferred<Response>();
    const { api, user } = await openScreen({ [SEND]: () => answer.promise });
    await table();
    const listReads = api.requestsTo(LIST).length;
    await user.click(sendButton());
    // Disabled while sending: a second click sends nothing.
    expect(sendButton()).toBeDisabled();
    expect(sendButton()).toHaveTextContent('Sending...');
    await user.click(sendButton());
    expect(api.requestsTo(SEND)).toHaveLength(1);
    expect(api.requestsTo(SEND)[0]?.body).toBeUndefined();

    api.on(LIST, list([]));
    answer.resolve(jsonResponse({ message: ADMIN_MESSAGES.activationMailsSent(2), sent: 2 }));
    expect(await screen.findByText('Activation emails sent to 2 subscribers')).toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo(LIST).length).toBeGreaterThan(listReads));
    expect(await screen.findByText('No Basic Package subscriptions starting today')).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
  });

  it("shows the server's error, or the fallback, and lets the admin try again", async () => {
    const { api, user } = await openScreen({
      [SEND]: [jsonResponse({ message: 'Mail service unavailable' }, 503), new Response('', { status: 502 })],
    });
    await table();
    await user.click(sendButton());
    const alert = await screen.findByText('Mail service unavailable');
    expect(alert.closest('[role="alert"]')).toBeInTheDocument();
    await waitFor(() => expect(sendButton()).toBeEnabled());

    await user.click(sendButton());
    expect(await screen.findByText('Failed to send activation emails')).toBeInTheDocument();
    expect(api.requestsTo(SEND)).toHaveLength(2);
    // Nobody was mailed: they are all still listed.
    expect(within(await table()).getByText('bob')).toBeInTheDocument();
  });

  it('Refresh reads the list again', async () => {
    const { api, user } = await openScreen();
    await table();
    api.on(LIST, list([alice]));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(within(screen.getByRole('table')).queryByText('bob')).not.toBeInTheDocument());
    expect(api.requestsTo(LIST)).toHaveLength(2);
  });

  it('says when the list cannot be fetched, with the server message when there is one', async () => {
    const { api, user } = await openScreen({ [LIST]: new Response('oops', { status: 500 }) });
    expect(await screen.findByText('Failed to fetch subscriptions')).toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
    api.on(LIST, jsonResponse({ message: 'Database unavailable' }, 503));
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Database unavailable')).toBeInTheDocument();
    api.on(LIST, list([alice]));
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(within(await table()).getByText('alice')).toBeInTheDocument();
  });

  describe('Bot Connections', () => {
    const region = () => screen.getByRole('region', { name: 'Bot Connections' });

    it('lists the MetaTrader 5 accounts waiting for the bot, oldest first, with their details', async () => {
      const { api } = await openScreen({ [CONNECTIONS]: connections([connection()]) });
      const table = await within(region()).findByRole('table', { name: 'MetaTrader 5 accounts waiting for the bot' });
      const rows = within(table).getAllByRole('row');
      expect(columnHeaders(nth(rows, 0))).toEqual([
        'User',
        'Package',
        'Broker',
        'Server',
        'Account Number',
        'Requested',
        '',
      ]);
      expect(cellTexts(nth(rows, 1)).slice(0, 5)).toEqual([
        'carolcarol@example.com',
        'Pro Package',
        'IC Markets',
        'ICMarketsSC-MT5-2',
        '51234567Copy',
      ]);
      expect(nth(queriesTo(api, CONNECTIONS), 0).get('status')).toBe('waiting');
    });

    it('marks one connected, says the customer was mailed, and reads the list again', async () => {
      const { api, user } = await openScreen({
        [CONNECTIONS]: [connections([connection()]), connections([])],
        [connectedKey('sub-carol')]: jsonResponse({
          message: BOT_CONNECTION_MESSAGES.connected('carol'),
          connection: connection({ status: 'connected', connectedAt: '2026-03-15T10:00:00.000Z' }),
        }),
      });
      const button = await within(region()).findByRole('button', { name: 'Mark connected: carol, Pro Package' });
      await user.click(button);
      expect(await within(region()).findByText('Marked as connected. carol has been e-mailed.')).toBeInTheDocument();
      expect(api.requestsTo(connectedKey('sub-carol'))).toHaveLength(1);
      expect(await within(region()).findByText('No MetaTrader 5 accounts waiting for the bot')).toBeInTheDocument();
    });

    it("says the server's refusal, and shows the connected ones on their tab", async () => {
      const { user } = await openScreen({
        [CONNECTIONS]: [
          connections([connection()]),
          connections([connection()]),
          connections([connection({ status: 'connected', connectedAt: '2026-03-15T10:00:00.000Z' })]),
        ],
        [connectedKey('sub-carol')]: jsonResponse({ message: BOT_CONNECTION_MESSAGES.changedMeanwhile }, 409),
      });
      await user.click(await within(region()).findByRole('button', { name: /Mark connected/ }));
      expect(await within(region()).findByText(BOT_CONNECTION_MESSAGES.changedMeanwhile)).toBeInTheDocument();
      await user.click(within(region()).getByRole('tab', { name: 'Connected' }));
      const table = await within(region()).findByRole('table', { name: 'Bots connected' });
      expect(within(table).queryByRole('button', { name: /Mark connected/ })).not.toBeInTheDocument();
      expect(within(table).getByText(/Mar 15, 2026/)).toBeInTheDocument();
    });
  });
});
