import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AdminSubscription, AdminUser } from '@goldbot/shared';
import { columnHeaders, deferred, jsonResponse } from '@/test/test-utils';
import { makeAdminSubscription } from '../../subscription-history/testing/admin-subscription-fixtures';
import { captureDownloads, csvResponse } from '../../testing/capture-downloads';
import {
  ADMIN_USER,
  adminScreenOpener,
  type ApiRoutes,
  detailValue,
  lastQueryTo,
  type MockedApi,
  nth,
  queriesTo,
  rowWith,
} from '../../testing/render-admin';
import AdminUsersRoute from './users';

const LIST = 'GET /api/admin/users';
const deactivateKey = (id: string) => `PUT /api/admin/user/${id}/deactivate`;
const activateKey = (id: string) => `PUT /api/admin/user/${id}/activate`;
const subscriptionsKey = (id: string) => `GET /api/admin/user/${id}/subscriptions`;
const supportKey = (id: string) => `POST /api/admin/user/${id}/subscription`;

function makeUser(overrides: Partial<AdminUser> = {}): AdminUser {
  return {
    _id: 'u-alice',
    username: 'alice',
    email: 'alice.trader@example.com',
    phone: '+1 555 0100',
    isActive: true,
    isAdmin: false,
    referralCode: 'ALICE234',
    referralEarnings: 6,
    createdAt: '2026-01-05T08:00:00.000Z',
    updatedAt: '2026-02-10T09:30:00.000Z',
    ...overrides,
  };
}

/** Alice's Pro Package, from February to July. */
const makeSubscription = (overrides: Partial<AdminSubscription> = {}) =>
  makeAdminSubscription({
    userId: { _id: 'u-alice', username: 'alice', email: 'alice.trader@example.com' },
    packageName: 'Pro Package',
    startDate: '2026-02-01',
    endDate: '2026-07-31',
    createdAt: '2026-01-20T08:00:00.000Z',
    updatedAt: '2026-01-21T08:00:00.000Z',
    ...overrides,
  });

const alice = makeUser();
const bob = makeUser({
  _id: 'u-bob',
  username: 'bob',
  email: 'bob@example.com',
  phone: null,
  isActive: false,
  referralCode: 'BOB23456',
});
const admin = makeUser({
  _id: ADMIN_USER._id,
  username: ADMIN_USER.username,
  email: ADMIN_USER.email,
  isAdmin: true,
  referralCode: 'ADMN2345',
});

const page = (users: AdminUser[], nextCursor: string | null = null) => jsonResponse({ users, nextCursor });
const changed = (message: string, user: AdminUser) => jsonResponse({ message, user });

const lastQuery = (api: MockedApi) => lastQueryTo(api, LIST);

const openScreen = adminScreenOpener(<AdminUsersRoute />, {
  path: '/admin/users',
  heading: 'Users',
  routes: { [LIST]: page([alice, bob, admin]) },
});

const table = () => screen.findByRole('table', { name: 'Users' });

const rowOf = async (username: string) => rowWith(await table(), username, 'td');

/** The user's own Active/Inactive badge in the detail view (not a subscription's). */
const userBadge = (dialog: HTMLElement) =>
  nth(
    within(dialog)
      .getAllByText(/^(Active|Inactive)$/)
      .filter((badge) => !badge.closest('table')),
    0,
  );

describe('admin users', () => {
  it('shows Username, Email, Phone, Status and Actions, with Not provided for a missing phone', async () => {
    const { api } = await openScreen();
    const found = await table();
    const headers = columnHeaders(found);
    expect(headers).toEqual(['Username', 'Email', 'Phone', 'Status', 'Actions']);

    const aliceRow = within(await rowOf('alice'));
    expect(aliceRow.getByText('alice.trader@example.com')).toBeInTheDocument();
    expect(aliceRow.getByText('+1 555 0100')).toBeInTheDocument();
    expect(aliceRow.getByText('Active')).toBeInTheDocument();
    expect(aliceRow.getByRole('button', { name: 'View Details' })).toBeEnabled();
    expect(aliceRow.getByRole('button', { name: 'Deactivate' })).toBeEnabled();

    const bobRow = within(await rowOf('bob'));
    expect(bobRow.getByText('Not provided')).toBeInTheDocument();
    expect(bobRow.getByText('Inactive')).toBeInTheDocument();
    expect(bobRow.getByRole('button', { name: 'Activate' })).toBeEnabled();
    expect(lastQuery(api).get('limit')).toBe('20');
    expect(lastQuery(api).has('search')).toBe(false);
  });

  it("disables the admin's own Deactivate with the reason", async () => {
    await openScreen();
    const own = within(await rowOf('admin'));
    const button = own.getByRole('button', { name: 'Deactivate' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription('You cannot deactivate your own account.');
  });

  it('sends the search to the server once typing pauses, and says when nothing matches', async () => {
    const { api, user } = await openScreen();
    await table();
    api.on(LIST, () => (lastQuery(api).get('search') === 'trader@exa' ? page([alice]) : page([])));
    await user.type(screen.getByLabelText('Search users'), 'trader@exa');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Users' })).queryByText('bob')).toBeNull());
    expect(within(await table()).getByText('alice')).toBeInTheDocument();
    // Debounced: one request for the whole term, none per keystroke.
    expect(queriesTo(api, LIST).filter((query) => query.has('search'))).toHaveLength(1);

    await user.type(screen.getByLabelText('Search users'), 'zz');
    expect(await screen.findByText('No matching users found')).toBeInTheDocument();
    expect(lastQuery(api).get('search')).toBe('trader@exazz');
  });

  it('says when a search looked inside the newest users only, and that Load more searches older ones', async () => {
    const { api, user } = await openScreen();
    await table();
    const inside = { matched: 'inside', limitedTo: 500 };
    api.on(LIST, () =>
      lastQuery(api).has('cursor')
        ? jsonResponse({ users: [bob], nextCursor: null, search: { matched: 'inside', limitedTo: null } })
        : jsonResponse({ users: [alice], nextCursor: 'older', search: inside }),
    );
    await user.type(screen.getByLabelText('Search users'), 'trader');
    expect(await screen.findByText(/looked for anywhere in the newest 500 users only/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(within(await table()).getByText('bob')).toBeInTheDocument();
    // The last window reached the end of the list: nothing left unsearched.
    await waitFor(() => expect(screen.queryByText(/newest 500 users only/)).toBeNull());
  });

  it('shows a loader first, and Failed to fetch users (or the server message) with Try Again', async () => {
    const answer = deferred<Response>();
    const { api, user } = await openScreen({ [LIST]: () => answer.promise });
    expect(screen.getByRole('status')).toHaveTextContent('Loading users...');
    answer.resolve(jsonResponse({ message: 'The users table is unavailable', msg: 'x' }, 503));
    expect(await screen.findByText('Failed to fetch users')).toBeInTheDocument();
    expect(screen.getByText('The users table is unavailable')).toBeInTheDocument();

    api.on(LIST, page([alice]));
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(within(await table()).getByText('alice')).toBeInTheDocument();
    expect(screen.queryByText('Failed to fetch users')).not.toBeInTheDocument();
  });

  it('deactivates after a confirmation, once, then says so and reloads the list', async () => {
    const answer = deferred<Response>();
    const { api, user } = await openScreen({ [deactivateKey('u-alice')]: () => answer.promise });
    await user.click(within(await rowOf('alice')).getByRole('button', { name: 'Deactivate' }));

    const dialog = screen.getByRole('dialog', { name: 'Deactivate User' });
    expect(dialog).toHaveTextContent(
      'Deactivate alice? They are signed out everywhere and cannot sign in until you activate them again.',
    );
    // Cancel sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requestsTo(deactivateKey('u-alice'))).toHaveLength(0);

    await user.click(within(await rowOf('alice')).getByRole('button', { name: 'Deactivate' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Deactivate User' })).getByRole('button', {
      name: 'Deactivate',
    });
    const listedBefore = queriesTo(api, LIST).length;
    api.on(LIST, page([{ ...alice, isActive: false }, bob, admin]));
    await user.click(confirm);
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveTextContent('Deactivating...');
    await user.click(confirm);
    answer.resolve(changed('User deactivated successfully', { ...alice, isActive: false }));

    expect(await screen.findByText('User deactivated successfully')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.requestsTo(deactivateKey('u-alice'))).toHaveLength(1);
    expect(nth(api.requestsTo(deactivateKey('u-alice')), 0).body).toBeUndefined();
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Users' })).getAllByText('Inactive')).toHaveLength(2),
    );
    expect(queriesTo(api, LIST).length).toBeGreaterThan(listedBefore);
    expect(within(await rowOf('alice')).getByRole('button', { name: 'Activate' })).toBeInTheDocument();
  });

  it('activates an inactive user after a confirmation', async () => {
    const { api, user } = await openScreen({
      [activateKey('u-bob')]: changed('User activated successfully', { ...bob, isActive: true }),
    });
    await user.click(within(await rowOf('bob')).getByRole('button', { name: 'Activate' }));
    const dialog = screen.getByRole('dialog', { name: 'Activate User' });
    expect(dialog).toHaveTextContent('Activate bob? They can sign in again.');
    await user.click(within(dialog).getByRole('button', { name: 'Activate' }));
    expect(await screen.findByText('User activated successfully')).toBeInTheDocument();
    expect(api.requestsTo(activateKey('u-bob'))).toHaveLength(1);
  });

  it("shows the server's message of a refused change first, else the spec's fallback", async () => {
    const { api, user } = await openScreen({
      [deactivateKey('u-alice')]: jsonResponse({ message: 'User not found', msg: 'User not found' }, 404),
      [activateKey('u-bob')]: new Response('<html>bad gateway</html>', { status: 502 }),
    });
    await user.click(within(await rowOf('alice')).getByRole('button', { name: 'Deactivate' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Deactivate User' })).getByRole('button', { name: 'Deactivate' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('User not found');

    await user.click(within(await rowOf('bob')).getByRole('button', { name: 'Activate' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Activate User' })).getByRole('button', { name: 'Activate' }),
    );
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to activate user'));
    expect(api.requestsTo(activateKey('u-bob'))).toHaveLength(1);

    api.on(deactivateKey('u-alice'), new Response('', { status: 500 }));
    await user.click(within(await rowOf('alice')).getByRole('button', { name: 'Deactivate' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Deactivate User' })).getByRole('button', { name: 'Deactivate' }),
    );
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to deactivate user'));
  });

  it('shows every field and the subscription history in View Details, and deactivates from there', async () => {
    const { api, user } = await openScreen({
      [subscriptionsKey('u-alice')]: jsonResponse({
        subscriptions: [
          makeSubscription(),
          makeSubscription({
            _id: 'sub-2',
            packageName: 'Ultimate Package',
            status: 'active',
            startDate: '2026-03-01',
            endDate: null,
          }),
          makeSubscription({
            _id: 'sub-3',
            packageName: 'Free Trial',
            status: 'expired',
            startDate: '2025-12-01',
            endDate: '2025-12-31',
          }),
        ],
      }),
      [deactivateKey('u-alice')]: changed('User deactivated successfully', {
        ...alice,
        isActive: false,
        updatedAt: '2026-03-05T12:00:00.000Z',
      }),
    });
    await user.click(within(await rowOf('alice')).getByRole('button', { name: 'View Details' }));
    const dialog = screen.getByRole('dialog', { name: 'User Details' });
    const details = within(dialog);
    expect(details.getByText('A')).toBeInTheDocument(); // the avatar's initial
    expect(details.getByRole('heading', { name: 'alice' })).toBeInTheDocument();
    expect(details.getByText('alice.trader@example.com')).toBeInTheDocument();
    expect(details.getByText('+1 555 0100')).toBeInTheDocument();
    expect(userBadge(dialog)).toHaveTextContent('Active');
    expect(detailValue(dialog, 'User ID')).toHaveTextContent('u-alice');
    expect(detailValue(dialog, 'Admin Privileges')).toHaveTextContent('No');
    expect(detailValue(dialog, 'Created At')).toHaveTextContent('Jan 5, 2026');
    expect(detailValue(dialog, 'Last Updated')).toHaveTextContent('Feb 10, 2026');
    expect(detailValue(dialog, 'Referral Code')).toHaveTextContent('ALICE234');

    const history = await details.findByRole('table', { name: 'Subscription history' });
    const rows = within(history).getAllByRole('row');
    expect(columnHeaders(nth(rows, 0))).toEqual(['Package', 'Status', 'Start', 'End', 'Payment']);
    expect(nth(rows, 1)).toHaveTextContent('Pro PackageActiveFeb 1, 2026Jul 31, 2026USDT');
    expect(nth(rows, 2)).toHaveTextContent('Ultimate PackageActiveMar 1, 2026LifetimeUSDT');
    expect(nth(rows, 3)).toHaveTextContent('Free TrialExpiredDec 1, 2025Dec 31, 2025USDT');

    await user.click(details.getByRole('button', { name: 'Deactivate' }));
    expect(dialog).toHaveTextContent('Deactivate alice? They are signed out everywhere');
    await user.click(details.getByRole('button', { name: 'Deactivate' }));
    expect(await details.findByText('User deactivated successfully')).toBeInTheDocument();
    // The modal stays open and shows the user as the server answered.
    expect(userBadge(dialog)).toHaveTextContent('Inactive');
    expect(detailValue(dialog, 'Last Updated')).toHaveTextContent('Mar 5, 2026');
    expect(details.getByRole('button', { name: 'Activate' })).toBeEnabled();
    expect(api.requestsTo(deactivateKey('u-alice'))).toHaveLength(1);

    await user.click(details.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("says when a user has no subscriptions, shows Not provided and Yes for an admin, and keeps the admin's own Deactivate off", async () => {
    const { user } = await openScreen({
      [subscriptionsKey('u-bob')]: jsonResponse({ subscriptions: [] }),
      [subscriptionsKey(ADMIN_USER._id)]: jsonResponse({ subscriptions: [] }),
    });
    await user.click(within(await rowOf('bob')).getByRole('button', { name: 'View Details' }));
    let dialog = screen.getByRole('dialog', { name: 'User Details' });
    expect(await within(dialog).findByText('No subscription history available')).toBeInTheDocument();
    expect(within(dialog).getByText('Not provided')).toBeInTheDocument();
    expect(within(dialog).getByText('Inactive')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));

    await user.click(within(await rowOf('admin')).getByRole('button', { name: 'View Details' }));
    dialog = screen.getByRole('dialog', { name: 'User Details' });
    expect(detailValue(dialog, 'Admin Privileges')).toHaveTextContent('Yes');
    expect(within(dialog).getByRole('button', { name: 'Deactivate' })).toBeDisabled();
    expect(within(dialog).getByText('You cannot deactivate your own account.')).toBeInTheDocument();
  });

  it('says when the subscription history cannot be fetched', async () => {
    const { user } = await openScreen({ [subscriptionsKey('u-alice')]: new Response('', { status: 500 }) });
    await user.click(within(await rowOf('alice')).getByRole('button', { name: 'View Details' }));
    const dialog = screen.getByRole('dialog', { name: 'User Details' });
    expect(await within(dialog).findByText('Failed to fetch user subscriptions')).toBeInTheDocument();
  });

  it('loads more users with the server cursor', async () => {
    const { api, user } = await openScreen();
    api.on(LIST, () => (lastQuery(api).get('cursor') === 'cursor-2' ? page([bob]) : page([alice], 'cursor-2')));
    await user.type(screen.getByLabelText('Search users'), 'e');
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Users' })).queryByText('bob')).toBeNull());
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await within(await table()).findByText('bob')).toBeInTheDocument();
    expect(lastQuery(api).get('cursor')).toBe('cursor-2');
    expect(lastQuery(api).get('search')).toBe('e');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('exports the users of the current search as CSV', async () => {
    const downloads = captureDownloads();
    const EXPORT = 'GET /api/admin/export/users';
    const { api, user } = await openScreen({ [EXPORT]: csvResponse('Username\r\nalice\r\n', 'users.csv') });
    await table();
    await user.type(screen.getByLabelText('Search users'), 'alice');
    await waitFor(() => expect(lastQuery(api).get('search')).toBe('alice'));
    await user.click(screen.getByRole('button', { name: 'Export users as CSV' }));
    await waitFor(() => expect(downloads.saved).toHaveLength(1));
    expect(Object.fromEntries(nth(queriesTo(api, EXPORT), 0))).toEqual({ search: 'alice' });
  });

  describe('Subscription Support in View Details', () => {
    async function openSupport(routes: ApiRoutes = {}) {
      const view = await openScreen({
        [subscriptionsKey('u-alice')]: jsonResponse({ subscriptions: [makeSubscription()] }),
        ...routes,
      });
      await view.user.click(within(await rowOf('alice')).getByRole('button', { name: 'View Details' }));
      const dialog = screen.getByRole('dialog', { name: 'User Details' });
      await within(dialog).findByRole('table', { name: 'Subscription history' });
      return { ...view, dialog, support: within(within(dialog).getByRole('region', { name: 'Subscription Support' })) };
    }

    it('grants a package for a number of days with a reason, and shows the new row as By support at once', async () => {
      const granted = makeSubscription({
        _id: 'sub-granted',
        packageName: 'Basic Package',
        paymentMethod: 'support',
        paymentId: null,
        startDate: '2026-03-15',
        endDate: '2026-04-13',
        createdAt: '2026-03-15T10:00:00.000Z',
      });
      const { api, user, dialog, support } = await openSupport({
        [supportKey('u-alice')]: jsonResponse({
          message: 'Granted the Basic Package to alice until Apr 13, 2026.',
          subscriptions: [granted, makeSubscription()],
        }),
      });
      expect(support.getByText(/“By support” with no amount, counts in no revenue figure/)).toBeInTheDocument();
      expect(support.getByLabelText('Action')).toHaveValue('grant');
      await user.selectOptions(support.getByLabelText('Package'), 'Basic Package');
      await user.type(support.getByLabelText('Days'), '30');
      await user.type(support.getByLabelText(/Reason/), '  Payment reached us without a TXID  ');
      await user.click(support.getByRole('button', { name: 'Grant package' }));
      expect(await support.findByText('Granted the Basic Package to alice until Apr 13, 2026.')).toBeInTheDocument();
      expect(nth(api.requestsTo(supportKey('u-alice')), 0).body).toEqual({
        action: 'grant',
        packageName: 'Basic Package',
        days: 30,
        reason: 'Payment reached us without a TXID',
      });
      const rows = within(within(dialog).getByRole('table', { name: 'Subscription history' })).getAllByRole('row');
      expect(nth(rows, 1)).toHaveTextContent('Basic PackageActiveMar 15, 2026Apr 13, 2026By support');
      // The answer is the list: no second read.
      expect(api.requestsTo(subscriptionsKey('u-alice'))).toHaveLength(1);
      expect(support.getByLabelText(/Reason/)).toHaveValue('');
    });

    it('says what is missing at each field and sends nothing', async () => {
      const { api, user, support } = await openSupport();
      await user.selectOptions(support.getByLabelText('Package'), 'Pro Package');
      await user.click(support.getByRole('button', { name: 'Grant package' }));
      expect(support.getByText('Please give the reason: it is kept in the audit log.')).toBeInTheDocument();
      await user.type(support.getByLabelText(/Reason/), 'Goodwill');
      expect(support.queryByText('Please give the reason: it is kept in the audit log.')).not.toBeInTheDocument();
      await user.click(support.getByRole('button', { name: 'Grant package' }));
      expect(support.getByText('Enter the number of days (1 to 366).')).toBeInTheDocument();
      await user.type(support.getByLabelText('Days'), '400');
      expect(support.queryByText('Enter the number of days (1 to 366).')).not.toBeInTheDocument();
      await user.click(support.getByRole('button', { name: 'Grant package' }));
      expect(support.getByText('The number of days is a whole number from 1 to 366.')).toBeInTheDocument();
      // The Ultimate Package may be granted for life: no days needed.
      await user.selectOptions(support.getByLabelText('Package'), 'Ultimate Package');
      expect(support.getByLabelText('Days')).toHaveAccessibleDescription(
        /Leave empty to grant the Ultimate Package for life/,
      );
      expect(api.requestsTo(supportKey('u-alice'))).toHaveLength(0);
    });

    it('extends the current package, and shows the server’s field error when the user has several', async () => {
      const several = 'This user has several current packages (Basic Package, Pro Package): choose which one.';
      const { api, user, support } = await openSupport({
        [supportKey('u-alice')]: jsonResponse({ message: several, errors: { packageName: several } }, 400),
      });
      await user.selectOptions(support.getByLabelText('Action'), 'extend');
      expect(support.getByLabelText('Package')).toHaveValue('');
      await user.type(support.getByLabelText('Days'), '7');
      await user.type(support.getByLabelText(/Reason/), 'Outage');
      await user.click(support.getByRole('button', { name: 'Extend package' }));
      expect(await support.findByText(several)).toBeInTheDocument();
      expect(nth(api.requestsTo(supportKey('u-alice')), 0).body).toEqual({
        action: 'extend',
        days: 7,
        reason: 'Outage',
      });
    });

    it('ends a package only after a confirmation, and says a refusal', async () => {
      const { api, user, support } = await openSupport({
        [supportKey('u-alice')]: jsonResponse({ message: 'This user has no current Basic Package.' }, 409),
      });
      await user.selectOptions(support.getByLabelText('Action'), 'end');
      expect(support.queryByLabelText('Days')).not.toBeInTheDocument();
      await user.selectOptions(support.getByLabelText('Package'), 'Basic Package');
      await user.type(support.getByLabelText(/Reason/), 'Chargeback');
      await user.click(support.getByRole('button', { name: 'End package now' }));
      expect(support.getByText(/End alice's Basic Package today\? It stops at once/)).toBeInTheDocument();
      expect(api.requestsTo(supportKey('u-alice'))).toHaveLength(0);
      await user.click(support.getByRole('button', { name: 'Yes, end it' }));
      expect(await support.findByText('This user has no current Basic Package.')).toBeInTheDocument();
      expect(nth(api.requestsTo(supportKey('u-alice')), 0).body).toEqual({
        action: 'end',
        packageName: 'Basic Package',
        reason: 'Chargeback',
      });
    });
  });
});
