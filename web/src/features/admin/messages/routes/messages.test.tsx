import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ContactMessage } from '@goldbot/shared';
import { columnHeaders, deferred, jsonResponse } from '@/test/test-utils';
import { reloadPage } from '@/lib/reload-page';
import { adminScreenOpener, lastQueryTo, type MockedApi, nth, queriesTo, rowWith } from '../../testing/render-admin';
import AdminMessagesRoute from './messages';

vi.mock('@/lib/reload-page', () => ({ reloadPage: vi.fn() }));

const LIST = 'GET /api/contact/get';
const MARK_ALL = 'POST /api/contact/mark-all-read';
const deleteKey = (id: string) => `DELETE /api/contact/del/${id}`;
const markKey = (id: string) => `POST /api/contact/mark-read/${id}`;

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
    read: false,
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
  read: true,
});

/** The server's cards: over every message, not the three on the page. */
const counts = { totalCount: 42, unreadCount: 7, todayCount: 2 };
const page = (data: ContactMessage[], nextCursor: string | null = null, cards = counts) =>
  jsonResponse({ data, nextCursor, ...cards });

const lastQuery = (api: MockedApi) => lastQueryTo(api, LIST);

const openScreen = adminScreenOpener(<AdminMessagesRoute />, {
  path: '/admin/contact-detail',
  heading: 'Messages',
  routes: { [LIST]: page([ada, grace, alan]) },
});

const table = (tab = 'All') => screen.findByRole('table', { name: `${tab} messages` });

const rowOf = async (name: string, tab = 'All') => rowWith(await table(tab), name);

const stat = (label: string) =>
  nth(
    screen.getAllByRole('listitem').filter((item) => item.getAttribute('aria-label') === label),
    0,
  );

describe('admin messages', () => {
  it("shows Total, Unread and Today from the server's counts over every message, not the rows loaded", async () => {
    await openScreen();
    await table();
    expect(stat('Total')).toHaveTextContent('42');
    expect(stat('Unread')).toHaveTextContent('7');
    expect(stat('Today')).toHaveTextContent('2');
  });

  it("asks from the admin's local midnight, and sends the search to the server once typing pauses", async () => {
    const { api, user } = await openScreen();
    await table();
    const midnight = new Date();
    midnight.setHours(0, 0, 0, 0);
    expect(lastQuery(api).get('since')).toBe(midnight.toISOString());
    expect(lastQuery(api).get('limit')).toBe('20');
    expect(lastQuery(api).get('status')).toBe('all');
    expect(lastQuery(api).has('search')).toBe(false);

    api.on(LIST, page([]));
    await user.type(screen.getByLabelText('Search messages'), 'refunds');
    expect(await screen.findByText('No messages found')).toBeInTheDocument();
    const searched = queriesTo(api, LIST).filter((query) => query.has('search'));
    expect(searched.map((query) => query.get('search'))).toEqual(['refunds']);
  });

  it('shows Name, Email, the message cut to 50 characters, a relative date, the status, Reply and Delete', async () => {
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

  it("asks the server for each tab's messages, beyond the rows already loaded", async () => {
    const { api, user } = await openScreen();
    await table();
    api.on(LIST, page([ada, grace]));
    await user.click(screen.getByRole('tab', { name: 'Unread' }));
    const unread = await table('Unread');
    expect(await within(unread).findByText('Grace Hopper')).toBeInTheDocument();
    expect(lastQuery(api).get('status')).toBe('unread');
    expect(within(unread).queryByText('Alan Turing')).not.toBeInTheDocument();

    api.on(LIST, page([alan]));
    await user.click(screen.getByRole('tab', { name: 'Read' }));
    const read = await table('Read');
    expect(await within(read).findByText('Alan Turing')).toBeInTheDocument();
    expect(lastQuery(api).get('status')).toBe('read');
    expect(within(read).getAllByRole('row')).toHaveLength(2);
    // The cards stay the counts over every message.
    expect(stat('Unread')).toHaveTextContent('7');
  });

  it('opening an unread message marks it read on the server, shows it in full, and the cards follow', async () => {
    const { api, user } = await openScreen({ [markKey('msg-1')]: jsonResponse({ message: 'Message marked as read' }) });
    api.on(LIST, page([{ ...ada, read: true }, grace, alan], null, { ...counts, unreadCount: 6 }));
    await user.click(within(await rowOf('Ada Lovelace')).getByRole('button', { name: /^Do you support/ }));

    const article = screen.getByRole('article', { name: 'Message from Ada Lovelace' });
    expect(within(article).getByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(within(article).getByText(LONG_TEXT)).toBeInTheDocument();
    expect(within(article).getByText('Read')).toBeInTheDocument();
    expect(within(article).getByRole('link', { name: 'Reply' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^mailto:ada@example\.com\?/),
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(api.requestsTo(markKey('msg-1'))).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: '← Back to Messages' }));
    await waitFor(async () => expect(within(await rowOf('Ada Lovelace')).getByText('Read')).toBeInTheDocument());
    expect(stat('Unread')).toHaveTextContent('6');
  });

  it('opening a message already read asks nothing of the server', async () => {
    const { api, user } = await openScreen();
    await user.click(within(await rowOf('Alan Turing')).getByRole('button', { name: 'Thanks for the quick answer!' }));
    expect(screen.getByRole('article', { name: 'Message from Alan Turing' })).toBeInTheDocument();
    expect(api.fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(0);
  });

  it('says why a message could not be marked read, and shows it unread', async () => {
    const { user } = await openScreen({ [markKey('msg-1')]: new Response('', { status: 500 }) });
    await user.click(within(await rowOf('Ada Lovelace')).getByRole('button', { name: /^Do you support/ }));
    expect(await screen.findByText('Failed to mark the message as read')).toBeInTheDocument();
    const article = screen.getByRole('article', { name: 'Message from Ada Lovelace' });
    expect(within(article).getByText('Unread')).toBeInTheDocument();
  });

  it('Mark All Read marks every unread message on the server, until it says it is done, and says how many', async () => {
    const { api, user } = await openScreen({
      [MARK_ALL]: [
        jsonResponse({ message: '99 messages marked as read', marked: 99, complete: false }),
        jsonResponse({ message: '1 message marked as read', marked: 1, complete: true }),
      ],
    });
    await table();
    const before = queriesTo(api, LIST).length;
    api.on(LIST, page([{ ...ada, read: true }, { ...grace, read: true }, alan], null, { ...counts, unreadCount: 0 }));
    await user.click(screen.getByRole('button', { name: 'Mark All Read' }));
    expect(await screen.findByText('100 messages marked as read')).toBeInTheDocument();
    expect(api.requestsTo(MARK_ALL)).toHaveLength(2);
    await waitFor(() => expect(stat('Unread')).toHaveTextContent('0'));
    expect(queriesTo(api, LIST).length).toBeGreaterThan(before);
    expect(screen.getByRole('button', { name: 'Mark All Read' })).toBeDisabled();
    expect(within(await table()).queryByText('Unread')).not.toBeInTheDocument();
  });

  it("says why Mark All Read failed, with the server's message or the fallback", async () => {
    const { api, user } = await openScreen({
      [MARK_ALL]: jsonResponse({ message: 'Too many requests', msg: 'Too many requests' }, 429),
    });
    await table();
    await user.click(screen.getByRole('button', { name: 'Mark All Read' }));
    expect(await screen.findByText('Too many requests')).toBeInTheDocument();
    api.on(MARK_ALL, new Response('', { status: 500 }));
    await user.click(screen.getByRole('button', { name: 'Mark All Read' }));
    expect(await screen.findByText('Failed to mark messages as read')).toBeInTheDocument();
  });

  it('refreshes the list and says so, or says why not', async () => {
    const { api, user } = await openScreen();
    await table();
    const before = queriesTo(api, LIST).length;
    api.on(LIST, page([ada], null, { totalCount: 43, unreadCount: 7, todayCount: 3 }));
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

  it('deletes after the confirmation and says so for 3 s', async () => {
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
    api.on(LIST, page([ada, alan], null, { totalCount: 41, unreadCount: 6, todayCount: 1 }));
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
    const { api, user } = await openScreen({
      [deleteKey('msg-1')]: jsonResponse({ message: 'ok' }),
      [markKey('msg-1')]: jsonResponse({ message: 'Message marked as read' }),
    });
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
    await openScreen({ [LIST]: page([], null, { totalCount: 0, unreadCount: 0, todayCount: 0 }) });
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
