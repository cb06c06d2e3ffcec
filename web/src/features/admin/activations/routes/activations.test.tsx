import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES, type AdminSubscription } from '@goldbot/shared';
import { mockApi } from '@/test/auth-helpers';
import { cellTexts, columnHeaders, deferred, jsonResponse } from '@/test/test-utils';
import { nth, renderAdminScreen } from '../../testing/render-admin';
import { makeAdminSubscription } from '../../subscription-history/testing/fixtures';
import AdminActivationsRoute from './activations';

const LIST = 'GET /api/admin/activations';
const SEND = 'POST /api/payment/send-basic-package-notifications';

const list = (subscriptions: AdminSubscription[]) => jsonResponse({ subscriptions });

const alice = makeAdminSubscription({
  _id: 'sub-alice',
  userId: { _id: 'u-alice', username: 'alice', email: 'alice@example.com' },
  startDate: '2026-04-01',
  endDate: '2026-04-30',
});
const bob = makeAdminSubscription({
  _id: 'sub-bob',
  userId: { _id: 'u-bob', username: 'bob', email: 'bob@example.com' },
  startDate: '2026-04-01',
  endDate: '2026-04-30',
});

async function openScreen(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ [LIST]: list([alice, bob]), ...routes });
  const view = renderAdminScreen(<AdminActivationsRoute />, '/admin/activations');
  await screen.findByRole('heading', { level: 1, name: 'Subscription Activations' });
  return { api, ...view };
}

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
});
