import type { ReactElement } from 'react';
import { screen, within } from '@testing-library/react';
import { SWRConfig } from 'swr';
import type { Payment, Wallet, Withdrawal } from '@goldbot/shared';
import { mockApi } from '@/test/auth-helpers';
import { renderWithProviders, storeSession } from '@/test/test-utils';
import { AdminThemeProvider } from '../components/admin-theme';

export const ADMIN_USER = { _id: 'admin-1', username: 'admin', email: 'admin@example.com', role: 'admin' as const };

/**
 * Renders an admin screen as the admin layout would (signed-in admin, Amplify theme), with an SWR
 * cache of its own so no test sees another's data.
 */
export function renderAdminScreen(ui: ReactElement, path = '/admin') {
  storeSession(ADMIN_USER);
  return renderWithProviders(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <AdminThemeProvider>{ui}</AdminThemeProvider>
    </SWRConfig>,
    { path },
  );
}

/**
 * What most admin route tests do first: answers the screen's requests with `routes`, renders it at
 * `path` and waits for its page heading. The mocked API and the render result.
 */
export async function openAdminScreen(
  ui: ReactElement,
  { path, heading, routes }: { path: string; heading: string; routes: ApiRoutes },
) {
  const api = mockApi(routes);
  const view = renderAdminScreen(ui, path);
  await screen.findByRole('heading', { level: 1, name: heading });
  return { api, ...view };
}

/** The answers `mockApi` gives, by `"METHOD /path"`. */
export type ApiRoutes = NonNullable<Parameters<typeof mockApi>[0]>;
export type MockedApi = ReturnType<typeof mockApi>;

/**
 * A test file's `openScreen`: `openAdminScreen` with the screen's usual answers, which each test
 * overrides or adds to with its own.
 */
export function adminScreenOpener(ui: ReactElement, screenOf: { path: string; heading: string; routes: ApiRoutes }) {
  return (routes: ApiRoutes = {}) => openAdminScreen(ui, { ...screenOf, routes: { ...screenOf.routes, ...routes } });
}

/** A customer as an admin row names one: id 'u-<name>', e-mail '<name>@example.com'. */
export const customerRef = (username: string) => ({ _id: `u-${username}`, username, email: `${username}@example.com` });

export function makePayment(overrides: Partial<Payment> = {}): Payment {
  return {
    _id: 'pay-1',
    userId: { _id: 'user-1', username: 'trader42', email: 'trader42@example.com' },
    packageName: 'Pro Package',
    amount: 100,
    originalAmount: 100,
    hasReferralDiscount: false,
    referralDiscount: 0,
    referralCode: null,
    referralUserId: null,
    referralCredited: false,
    currency: 'USD',
    transactionId: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d8e9f0a1b2',
    orderId: 'order-1',
    orderAmount: 100.37,
    status: 'pending',
    paymentMethod: 'usdt',
    walletAddress: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    network: 'TRC20',
    chainCheck: null,
    createdAt: '2026-03-02T10:15:00.000Z',
    updatedAt: '2026-03-02T10:15:00.000Z',
    ...overrides,
  };
}

export function makeWallet(overrides: Partial<Wallet> = {}): Wallet {
  return {
    _id: 'wallet-1',
    address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    network: 'TRC20',
    currency: 'USDT',
    isActive: true,
    createdAt: '2026-01-10T08:00:00.000Z',
    updatedAt: '2026-02-01T09:30:00.000Z',
    ...overrides,
  };
}

export function makeWithdrawal(overrides: Partial<Withdrawal> = {}): Withdrawal {
  return {
    _id: 'wd-1',
    userId: { _id: 'user-1', username: 'trader42', email: 'trader42@example.com', referralEarnings: 6 },
    amount: 20,
    trc20Address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    status: 'pending',
    requestDate: '2026-03-04T09:30:00.000Z',
    approvedDate: null,
    rejectedDate: null,
    adminNote: null,
    ...overrides,
  };
}

/** The URL query of every request to `key` ("METHOD /path") a `mockApi` answered, oldest first. */
export function queriesTo(api: MockedApi, key: string): URLSearchParams[] {
  const [method, path] = key.split(' ');
  return api.fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), method: init?.method ?? 'GET' }))
    .filter(({ url, method: m }) => m === method && url.pathname === path)
    .map(({ url }) => url.searchParams);
}

/** The URL query of the latest request to `key` (the mock records a call before answering it). */
export const lastQueryTo = (api: MockedApi, key: string) => nth(queriesTo(api, key), -1);

/**
 * The first row of `table` in which `find` finds something (a text, a link); throws naming `what`
 * when none does.
 */
export function rowWhere(
  table: HTMLElement,
  find: (row: ReturnType<typeof within>) => HTMLElement | null,
  what: string,
): HTMLElement {
  const row = within(table)
    .getAllByRole('row')
    .find((candidate) => find(within(candidate)) !== null);
  if (!row) throw new Error(`no row for ${what}`);
  return row;
}

/** The first row of `table` showing `text` (a username, a name), in a `selector` element if given. */
export const rowWith = (table: HTMLElement, text: string, selector?: string) =>
  rowWhere(table, (row) => row.queryByText(text, selector ? { selector } : undefined), text);

/** The stat card labelled `label` (its value, its detail line), to look inside. */
export const statCard = (label: string) => within(screen.getByRole('listitem', { name: label }));

/** The value a detail list (dt, dd) shows for `term`. */
export function detailValue(container: HTMLElement, term: string): HTMLElement {
  const dd = within(container).getByText(term, { selector: 'dt' }).nextElementSibling;
  if (!(dd instanceof HTMLElement)) throw new Error(`no value for ${term}`);
  return dd;
}

/** Item `index` of a list that a test knows is long enough (no non-null assertions in tests). */
export function nth<T>(items: readonly T[], index: number): T {
  const item = index < 0 ? items.at(index) : items[index];
  if (item === undefined) throw new Error(`No item ${index} in a list of ${items.length}`);
  return item;
}
