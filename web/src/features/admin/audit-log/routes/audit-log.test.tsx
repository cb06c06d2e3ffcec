import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntryView } from '@goldbot/shared';
import { columnHeaders, deferred, jsonResponse } from '@/test/test-utils';
import { adminScreenOpener, lastQueryTo, type MockedApi, nth } from '../../testing/render-admin';
import AdminAuditLogRoute from './audit-log';

const LOG = 'GET /api/admin/audit-log';

function makeEntry(overrides: Partial<AuditEntryView> = {}): AuditEntryView {
  return {
    _id: 'audit-1',
    actor: 'admin-sub-1',
    actorEmail: 'admin@example.com',
    action: 'user.deactivate',
    target: { type: 'user', id: 'u-alice' },
    details: { from: 'active', to: 'inactive', username: 'alice', email: 'alice@example.com' },
    at: '2026-03-04T10:15:00.000Z',
    ...overrides,
  };
}

const deactivated = makeEntry();
const mailsSent = makeEntry({
  _id: 'audit-2',
  actor: 'system',
  actorEmail: undefined,
  action: 'notifications.send',
  target: { type: 'subscription', id: '2026-03-01' },
  details: { from: false, to: true, sent: 3, failed: 0 },
  at: '2026-03-01T06:00:00.000Z',
});
const approved = makeEntry({
  _id: 'audit-3',
  action: 'payment.approve',
  target: { type: 'payment', id: 'pay-9' },
  details: { packageName: 'Pro Package', amount: 100 },
  at: '2026-02-27T09:00:00.000Z',
});

const page = (entries: AuditEntryView[], nextCursor: string | null = null) => jsonResponse({ entries, nextCursor });

const lastQuery = (api: MockedApi) => lastQueryTo(api, LOG);

const openScreen = adminScreenOpener(<AdminAuditLogRoute />, {
  path: '/admin/audit-log',
  heading: 'Audit Log',
  routes: { [LOG]: page([deactivated, mailsSent]) },
});

const table = () => screen.findByRole('table', { name: 'Admin actions' });

afterEach(() => {
  vi.useRealTimers();
});

describe('admin audit log', () => {
  it('asks for the current UTC month and shows When, Admin, Action, Target, Change and Details, newest first', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-06T12:00:00Z'), toFake: ['Date'] });
    const { api } = await openScreen();
    const found = await table();
    expect(lastQuery(api).get('month')).toBe('2026-03');
    expect(lastQuery(api).get('limit')).toBe('20');
    expect(screen.getByLabelText('Month')).toHaveValue('2026-03');

    const rows = within(found).getAllByRole('row');
    expect(columnHeaders(nth(rows, 0))).toEqual(['When', 'Admin', 'Action', 'Target', 'Change', 'Details']);
    const first = within(nth(rows, 1));
    expect(first.getByText('Mar 4, 2026', { exact: false })).toBeInTheDocument();
    expect(first.getByText('admin@example.com')).toBeInTheDocument();
    expect(first.getByText('User deactivated')).toBeInTheDocument();
    expect(first.getByText('User u-alice')).toBeInTheDocument();
    expect(first.getByText('active → inactive')).toBeInTheDocument();
    expect(nth(rows, 1)).toHaveTextContent('Username: alice');
    expect(nth(rows, 1)).toHaveTextContent('Email: alice@example.com');

    const second = within(nth(rows, 2));
    expect(second.getByText('System')).toBeInTheDocument();
    expect(second.getByText('Activation emails sent')).toBeInTheDocument();
    expect(second.getByText('Subscriptions 2026-03-01')).toBeInTheDocument();
    expect(second.getByText('No → Yes')).toBeInTheDocument();
    expect(nth(rows, 2)).toHaveTextContent('Sent: 3');
  });

  it('offers the current month and the eleven before it, and reads the chosen one', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-06T12:00:00Z'), toFake: ['Date'] });
    const { api, user } = await openScreen();
    await table();
    const picker = screen.getByLabelText('Month');
    const options = within(picker).getAllByRole('option');
    expect(options).toHaveLength(12);
    expect(options.map((option) => option.textContent).slice(0, 3)).toEqual([
      'March 2026',
      'February 2026',
      'January 2026',
    ]);

    api.on(LOG, () => (lastQuery(api).get('month') === '2026-02' ? page([approved]) : page([])));
    await user.selectOptions(picker, '2026-02');
    const found = await screen.findByText('Payment approved');
    expect(lastQuery(api).get('month')).toBe('2026-02');
    const row = within(nth(within(await table()).getAllByRole('row'), 1));
    expect(found).toBeInTheDocument();
    expect(row.getByText('Payment pay-9')).toBeInTheDocument();
    // No before/after recorded: a dash, and the facts in Details.
    expect(row.getByText('-')).toBeInTheDocument();
    expect(row.getByText('Pro Package', { exact: false })).toHaveTextContent('Package name: Pro Package');
    // The previous month's rows are gone.
    expect(within(await table()).queryByText('User deactivated')).not.toBeInTheDocument();

    await user.selectOptions(picker, '2026-01');
    expect(await screen.findByText('No admin actions recorded this month')).toBeInTheDocument();
  });

  it('shows a loader first, then the failure with the server message and Try Again', async () => {
    const answer = deferred<Response>();
    const { api, user } = await openScreen({ [LOG]: () => answer.promise });
    expect(screen.getByRole('status')).toHaveTextContent('Loading audit log...');
    answer.resolve(jsonResponse({ message: 'month must look like 2026-11', msg: 'x' }, 400));
    expect(await screen.findByText('Failed to fetch the audit log')).toBeInTheDocument();
    expect(screen.getByText('month must look like 2026-11')).toBeInTheDocument();
    api.on(LOG, page([deactivated]));
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(within(await table()).getByText('User deactivated')).toBeInTheDocument();
  });

  it('loads older entries of the month with the server cursor', async () => {
    const { api, user } = await openScreen();
    api.on(LOG, () =>
      lastQuery(api).get('cursor') === 'cursor-2' ? page([approved]) : page([deactivated], 'cursor-2'),
    );
    await user.selectOptions(
      screen.getByLabelText('Month'),
      nth(within(screen.getByLabelText('Month')).getAllByRole('option'), 1),
    );
    await waitFor(() => expect(lastQuery(api).get('cursor')).toBeNull());
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await within(await table()).findByText('Payment approved')).toBeInTheDocument();
    expect(lastQuery(api).get('cursor')).toBe('cursor-2');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
