import type { RouteId } from '@goldbot/shared';
import type { SeedUser } from './seed-data.js';

/**
 * The requests the capacity section measures, one row each. Data-driven: a route whose handler
 * file does not exist yet is reported as "not built" instead of failing the run, so the list can
 * name every admin dashboard and list endpoint while they are being built.
 *
 * `budgeted` rows are held to the ratio budget (docs/decisions.md, "Budgets": the admin dashboard and lists cost
 * the same at 1k and 100k records), and so are the searches for the start of a username, an
 * e-mail or a TXID, which the prefix indexes answer (docs/data-model.md, "Search, stated honestly"). A search for a part inside the values is
 * reported, not budgeted: it reads a bounded window of the newest rows, the whole list when the
 * list is smaller than the window.
 */
export interface CapacityCase {
  route: RouteId;
  /** What the request is, as the table shows it. */
  request: string;
  query: (probe: QueryContext) => Record<string, string>;
  /** The array field of the answer whose length is the page's row count (none for figures). */
  rows?: string;
  budgeted: boolean;
}

export interface QueryContext {
  now: Date;
  /** A seeded customer present at every scale: searches look for them. */
  customer: SeedUser;
  /** The TXID of that customer's payment. */
  customerTxid: string;
}

/** How many characters of a TXID the search for its start types: one payment in 16 million. */
const TXID_START_LENGTH = 6;

/** The start of the customer's e-mail, up to the index (zero-padded, so it starts no other e-mail). */
const emailStart = (customer: SeedUser) => customer.email.split('@')[0] ?? customer.email;
/** A part inside the customer's e-mail that starts no username or e-mail: its index and domain. */
const emailInside = (customer: SeedUser) =>
  customer.email.slice(customer.email.lastIndexOf('.', customer.email.indexOf('@')));

/** The budgeted prefix searches and the reported inside search of a list searched by its users. */
const userSearches = (route: RouteId, rows: string): CapacityCase[] => [
  {
    route,
    request: 'search, start of one e-mail',
    query: ({ customer }) => ({ search: emailStart(customer) }),
    rows,
    budgeted: true,
  },
  {
    route,
    request: 'search, start of one username',
    query: ({ customer }) => ({ search: customer.username }),
    rows,
    budgeted: true,
  },
  {
    route,
    request: 'search, inside one e-mail',
    query: ({ customer }) => ({ search: emailInside(customer) }),
    rows,
    budgeted: false,
  },
];

export const CAPACITY_CASES: readonly CapacityCase[] = [
  { route: 'admin-payment-stats', request: 'dashboard, no filter', query: () => ({}), budgeted: true },
  {
    route: 'admin-payment-stats',
    request: 'dashboard, this year',
    query: ({ now }) => ({ year: String(now.getUTCFullYear()) }),
    budgeted: true,
  },
  { route: 'admin-user-stats', request: 'user cards', query: () => ({}), budgeted: true },
  // The back-office navigation's counts of waiting work, read every 30 s while it is open.
  { route: 'admin-work-counts', request: 'navigation counts', query: () => ({}), budgeted: true },
  { route: 'admin-users', request: 'first page', query: () => ({}), rows: 'users', budgeted: true },
  { route: 'payment-all', request: 'first page', query: () => ({}), rows: 'payments', budgeted: true },
  { route: 'withdrawal-all', request: 'first page, all', query: () => ({}), rows: 'withdrawals', budgeted: true },
  {
    route: 'payment-subscription-history',
    request: 'first page, this year',
    query: () => ({}),
    rows: 'subscriptions',
    budgeted: true,
  },
  { route: 'contact-list', request: 'first page', query: () => ({}), rows: 'data', budgeted: true },
  ...userSearches('admin-users', 'users'),
  ...userSearches('payment-subscription-history', 'subscriptions'),
  {
    route: 'payment-all',
    request: 'search, start of one e-mail',
    query: ({ customer }) => ({ search: emailStart(customer) }),
    rows: 'payments',
    budgeted: false,
  },
  {
    route: 'payment-all',
    request: 'search, start of one TXID',
    query: ({ customerTxid }) => ({ search: customerTxid.slice(0, TXID_START_LENGTH) }),
    rows: 'payments',
    budgeted: true,
  },
  {
    route: 'withdrawal-all',
    request: 'search, start of one e-mail',
    query: ({ customer }) => ({ search: emailStart(customer) }),
    rows: 'withdrawals',
    budgeted: false,
  },
];
