import type { RouteId } from '@goldbot/shared';
import type { SeedUser } from './seed-data.js';

/**
 * The requests the capacity section measures, one row each. Data-driven: a route whose handler
 * file does not exist yet is reported as "not built" instead of failing the run, so the list can
 * name every admin dashboard and list endpoint while they are being built.
 *
 * `budgeted` rows are held to the ratio budget (DESIGN.md §10: the admin dashboard and lists cost
 * the same at 1k and 100k records). Searches are reported, not budgeted: the budget names the list
 * page, and a search's cost depends on where its matches are (data-model §9), not only on size.
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
}

/** A part of the customer's e-mail: matches that one customer's rows only (the index is zero-padded). */
const emailPart = (customer: SeedUser) => customer.email.split('@')[0] ?? customer.email;

export const CAPACITY_CASES: readonly CapacityCase[] = [
  { route: 'admin-payment-stats', request: 'dashboard, no filter', query: () => ({}), budgeted: true },
  {
    route: 'admin-payment-stats',
    request: 'dashboard, this year',
    query: ({ now }) => ({ year: String(now.getUTCFullYear()) }),
    budgeted: true,
  },
  { route: 'admin-user-stats', request: 'user cards', query: () => ({}), budgeted: true },
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
  {
    route: 'admin-users',
    request: 'search, part of one e-mail',
    query: ({ customer }) => ({ search: emailPart(customer) }),
    rows: 'users',
    budgeted: false,
  },
  {
    route: 'payment-all',
    request: 'search, part of one e-mail',
    query: ({ customer }) => ({ search: emailPart(customer) }),
    rows: 'payments',
    budgeted: false,
  },
  {
    route: 'withdrawal-all',
    request: 'search, part of one e-mail',
    query: ({ customer }) => ({ search: emailPart(customer) }),
    rows: 'withdrawals',
    budgeted: false,
  },
  {
    route: 'payment-subscription-history',
    request: 'search, part of one e-mail',
    query: ({ customer }) => ({ search: emailPart(customer) }),
    rows: 'subscriptions',
    budgeted: false,
  },
];
