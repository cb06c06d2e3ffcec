import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ContactMessage } from '@goldbot/shared';
import { mockApi } from '@/test/auth-helpers';
import { columnHeaders, deferred, jsonResponse } from '@/test/test-utils';
import { reloadPage } from '@/lib/reload-page';
import { nth, queriesTo, renderAdminScreen } from '../../testing/render-admin';
import { readFlagKey } from '../lib/read-flags';
import AdminMessagesRoute from './messages';

vi.mock('@/lib/reload-page', () => ({ reloadPage: vi.fn() }));

const LIST = 'GET /api/contact/get';
const deleteKey = (id: string) => `DELETE /api/contact/del/${id}`;

const MINUTE = 60_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const LONG_TEXT =
  'Do you support MetaTrader 5 on a Linux VPS, or do I need Windows for the bot to run around the clock?';

function makeMessage(overrides: Partial<ContactMessage> = {}): ContactMessage {
  return {
    _id: 'msg-1',
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    message: LONG_TEXT,
    createdAt: ago(5 * MINUTE),
    ...overrides,
  };
}

const ada = makeMessage();
const grace = makeMessage({
  _id: 'msg-2',
  name: 'Grace Hopper',
  email: 'grace@example.com',
  message: 'Short question about refunds.',
  createdAt: ago(3 * 60 * MINUTE),
});
const alan = makeMessage({
  _id: 'msg-3',
  name: 'Alan Turing',
  email: 'alan@example.com',
  message: 'Thanks for the quick answer!',
  createdAt: '2026-01-15T10:00:00.000Z',
});

const summary = { total: 42, today: 2 };
const page = (data: ContactMessage[], nextCursor: string | null = null, sum = summary) =>
  jsonResponse({ data, nextCursor, summary: sum });

type Api = ReturnType<typeof mockApi>;
const lastQuery = (api: Api) => nth(queriesTo(api, LIST), -1);

async function openScreen(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ [LIST]: page([ada, grace, alan]), ...routes });
  const view = renderAdminScreen(<AdminMessagesRoute />, '/admin/contact-detail');
  await screen.findByRole('heading', { level: 1, name: 'Messages' });
  return { api, ...view };
}

const table = (tab = 'All') => screen.findByRole('table', { name: `${tab} messages` });

async function rowOf(name: string, tab = 'All') {
  const row = within(await table(tab))
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryByText(name));
  if (!row) throw new Error(`no row for ${name}`);
  return row;
}

const stat = (label: string) =>
  nth(
    screen.getAllByRole('listitem').filter((item) => item.getAttribute('aria-label') === label),
    0,
  );

describe('admin messages', () => {
  it("shows Total and Today from the server's summary and Unread from this browser's read flags", async () => {
    localStorage.setItem(readFlagKey('msg-3'), 'true');
    await openScreen();
    await table();
    expect(stat('Total')).toHaveTextContent('42');
    expect(stat('Today')).toHaveTextContent('2');
    expect(stat('Unread')).toHaveTextContent('2');
  });

  it("asks from the admin's local midnight, and sends the search to the server once typing pauses", async () => {
    const { api, user } = await openScreen();
    await table();
    const midnight = new Date();
    midnight.setHours(0, 0, 0, 0);
    expect(lastQuery(api).get('since')).toBe(midnight.toISOString());
    expect(lastQuery(api).get('limit')).toBe('20');
    expect(lastQuery(api).has('search')).toBe(false);

    api.on(LIST, page([]));
    await user.type(screen.getByLabelText('Search messages'), 'refunds');
    expect(await screen.findByText('No messages found')).toBeInTheDocument();
    const searched = queriesTo(api, LIST).filter((query) => query.has('search'));
    expect(searched.map((query) => query.get('search'))).toEqual(['refunds']);
  });

  it('shows Name, Email, the message cut to 50 characters, a relative date, the status, Reply and Delete', async () => {
    localStorage.setItem(readFlagKey('msg-3'), 'true');
    await openScreen();
    const rows = within(await table()).getAllByRole('row');
    expect(columnHeaders(nth(rows, 0))).toEqual(['Name', 'Email', 'Message', 'Date', 'Status', 'Actions']);
    const first = within(nth(rows, 1));
    expect(first.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(first.getByText('ada@example.com')).toBeInTheDocument();
    expect(first.getByRole('button', { name: `${LONG_TEXT.slice(0, 50)}...` })).toBeInTheDocument();
    expect(first.getByText('5 minutes ago')).toBeInTheDocument();
    expect(first.getByText('Unread')).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Reply' })).toHaveAttribute(
      'href',
      `mailto:ada@example.com?subject=${encodeURIComponent('Re: Your message to GoldBot')}`,
    );
    expect(first.getByRole('button', { name: 'Delete' })).toBeInTheDocument();

    const second = within(nth(rows, 2));
    // At most 50 characters: shown whole, without '...'.
    expect(second.getByRole('button', { name: 'Short question about refunds.' })).toBeInTheDocument();
    expect(second.getByText('3 hours ago')).toBeInTheDocument();

    const third = within(nth(rows, 3));
    expect(third.getByText('Jan 15, 2026')).toBeInTheDocument();
    expect(third.getByText('Read')).toBeInTheDocument();
  });

  it('filters the loaded messages by the All, Unread and Read tabs', async () => {
    localStorage.setItem(readFlagKey('msg-2'), 'true');
    const { user } = await openScreen();
    await table();
    await user.click(screen.getByRole('tab', { name: 'Unread' }));
    const unread = await table('Unread');
    expect(within(unread).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(unread).getByText('Alan Turing')).toBeInTheDocument();
    expect(within(unread).queryByText('Grace Hopper')).not.toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Read' }));
    const read = await table('Read');
    expect(within(read).getAllByRole('row')).toHaveLength(2);
    expect(within(read).getByText('Grace Hopper')).toBeInTheDocument();
  });

  it('opening a message marks it read and shows it in full, with a way back', async () => {
    const { user } = await openScreen();
    await user.click(within(await rowOf('Ada Lovelace')).getByRole('button', { name: /^Do you support/ }));

    const article = screen.getByRole('article', { name: 'Message from Ada Lovelace' });
    expect(within(article).getByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(within(article).getByText(LONG_TEXT)).toBeInTheDocument();
    expect(within(article).getByText('Read')).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'Reply' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:ada@example\.com\?/),
    );
    expect(localStorage.getItem(readFlagKey('msg-1'))).toBe('true');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: '← Back to Messages' }));
    expect(within(await rowOf('Ada Lovelace')).getByText('Read')).toBeInTheDocument();
    expect(stat('Unread')).toHaveTextContent('2');
  });

  it('marks every loaded message read and says how many', async () => {
    localStorage.setItem(readFlagKey('msg-3'), 'true');
    const { user } = await openScreen();
    await table();
    await user.click(screen.getByRole('button', { name: 'Mark All Read' }));
    expect(screen.getByText('2 messages marked as read')).toBeInTheDocument();
    expect(localStorage.getItem(readFlagKey('msg-1'))).toBe('true');
    expect(localStorage.getItem(readFlagKey('msg-2'))).toBe('true');
    expect(stat('Unread')).toHaveTextContent('0');
    expect(screen.getByRole('button', { name: 'Mark All Read' })).toBeDisabled();
    expect(within(await table()).queryByText('Unread')).not.toBeInTheDocument();
  });

  it('follows read flags another tab of the browser changes', async () => {
    await openScreen();
    await table();
    expect(stat('Unread')).toHaveTextContent('3');
    localStorage.setItem(readFlagKey('msg-1'), 'true');
    window.dispatchEvent(new StorageEvent('storage', { key: readFlagKey('msg-1'), newValue: 'true' }));
    await waitFor(() => expect(stat('Unread')).toHaveTextContent('2'));
  });

  it('refreshes the list and says so, or says why not', async () => {
    const { api, user } = await openScreen();
    await table();
    const before = queriesTo(api, LIST).length;
    api.on(LIST, page([ada], null, { total: 43, today: 3 }));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('Messages refreshed successfully')).toBeInTheDocument();
    expect(queriesTo(api, LIST).length).toBeGreaterThan(before);
    expect(stat('Total')).toHaveTextContent('43');
    expect(within(await table()).queryByText('Grace Hopper')).not.toBeInTheDocument();

    api.on(LIST, jsonResponse({ message: 'Too many requests', msg: 'Too many requests' }, 429));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    // Once, by the list, over the rows it keeps.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Too many requests'));
    expect(screen.queryByText('Messages refreshed successfully')).not.toBeInTheDocument();
    // The rows stay.
    expect(within(await table()).getByText('Ada Lovelace')).toBeInTheDocument();
  });

  it('deletes after the confirmation, says so for 3 s and forgets the read flag', async () => {
    localStorage.setItem(readFlagKey('msg-2'), 'true');
    const answer = deferred<Response>();
    const { api, user } = await openScreen({ [deleteKey('msg-2')]: () => answer.promise });
    await user.click(within(await rowOf('Grace Hopper')).getByRole('button', { name: 'Delete' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete Message' });
    expect(within(dialog).getByText('Are you sure you want to delete this message?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requestsTo(deleteKey('msg-2'))).toHaveLength(0);

    await user.click(within(await rowOf('Grace Hopper')).getByRole('button', { name: 'Delete' }));
    dialog = screen.getByRole('dialog', { name: 'Delete Message' });
    api.on(LIST, page([ada, alan], null, { total: 41, today: 1 }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const busy = within(dialog).getByRole('button', { name: /Deleting/ });
    expect(busy).toBeDisabled();
    await user.click(busy);
    answer.resolve(jsonResponse({ message: 'Message deleted successfully' }));

    expect(await screen.findByText('Message deleted successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requestsTo(deleteKey('msg-2'))).toHaveLength(1);
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'All messages' })).queryByText('Grace Hopper')).toBeNull(),
    );
    expect(localStorage.getItem(readFlagKey('msg-2'))).toBeNull();
    await waitFor(() => expect(screen.queryByText('Message deleted successfully')).not.toBeInTheDocument(), {
      timeout: 5000,
    });
  }, 15_000);

  it("says 'Error deleting message: ...' with the server's message, or the fallback, for 3 s", async () => {
    const { api, user } = await openScreen({
      [deleteKey('msg-1')]: jsonResponse({ message: 'This message no longer exists.', msg: 'x' }, 404),
    });
    await user.click(within(await rowOf('Ada Lovelace')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Message' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Error deleting message: This message no longer exists.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/Error deleting message/)).not.toBeInTheDocument(), {
      timeout: 5000,
    });

    api.on(deleteKey('msg-1'), new Response('', { status: 500 }));
    await user.click(within(await rowOf('Ada Lovelace')).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Message' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Error deleting message: Failed to delete contact')).toBeInTheDocument();
  }, 15_000);

  it('deletes an opened message from its detail view and goes back to the list', async () => {
    const { api, user } = await openScreen({ [deleteKey('msg-1')]: jsonResponse({ message: 'ok' }) });
    await user.click(within(await rowOf('Ada Lovelace')).getByRole('button', { name: /^Do you support/ }));
    const article = screen.getByRole('article', { name: 'Message from Ada Lovelace' });
    api.on(LIST, page([grace, alan]));
    await user.click(within(article).getByRole('button', { name: 'Delete' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Delete Message' })).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Message deleted successfully')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'All messages' })).queryByText('Ada Lovelace')).toBeNull(),
    );
    expect(localStorage.getItem(readFlagKey('msg-1'))).toBeNull();
  });

  it("shows a loader, then 'Failed to fetch contacts' whose Try Again reloads the page", async () => {
    const answer = deferred<Response>();
    const { user } = await openScreen({ [LIST]: () => answer.promise });
    expect(screen.getByRole('status')).toHaveTextContent('Loading messages...');
    answer.resolve(jsonResponse({ message: 'Service unavailable', msg: 'x' }, 503));
    expect(await screen.findByText('Failed to fetch contacts')).toBeInTheDocument();
    expect(screen.getByText('Service unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('says No messages found when there are none, with Mark All Read off', async () => {
    await openScreen({ [LIST]: page([], null, { total: 0, today: 0 }) });
    expect(await screen.findByText('No messages found')).toBeInTheDocument();
    expect(stat('Unread')).toHaveTextContent('0');
    expect(screen.getByRole('button', { name: 'Mark All Read' })).toBeDisabled();
  });

  it('loads more messages with the server cursor', async () => {
    const { api, user } = await openScreen();
    api.on(LIST, () => (lastQuery(api).get('cursor') === 'cursor-2' ? page([alan]) : page([ada], 'cursor-2')));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await within(await table()).findByText('Alan Turing')).toBeInTheDocument();
    expect(lastQuery(api).get('cursor')).toBe('cursor-2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
