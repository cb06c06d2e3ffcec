import { EXPORT_MAX_ROWS, type AdminUser, type ExportDataset, type ExportQuery } from '@goldbot/shared';
import type { PaymentRecord } from '../records/payment-record.js';
import { effectiveStatus, type SubscriptionRecord } from '../records/subscription-record.js';
import type { WithdrawalRecord } from '../records/withdrawal-record.js';
import { historyScope, normalizeSearch, type HistoryScope } from '../commerce/subscription-history.js';
import { utcDay } from '../commerce/package-dates.js';
import { ValidationError } from '../errors.js';
import { csvHeader, csvRows, type CsvValue } from './csv.js';

/**
 * CSV downloads of the admin lists (an addition to the product's screens): payments, withdrawals, users and
 * subscription history, each with the list's current filter. The server reads the same list
 * Queries the screens read (never a Scan), page by page. A list too long for one API response or
 * one invocation is exported in parts: each answers the cursor of the next, and the back-office
 * fetches them in turn and saves one file.
 */
export const EXPORT_PAGE_SIZE = 100;
/**
 * A Lambda response behind API Gateway holds at most 6 MB, and the CSV travels inside a JSON
 * envelope (quotes are escaped), so a part stops adding rows past this many bytes of CSV.
 */
export const EXPORT_MAX_BYTES = 4_500_000;
/** Items a search evaluates per Query while an export pages through a list. */
export const EXPORT_SEARCH_BUDGET = 1000;
/**
 * Milliseconds one part reads for before it answers, so every invocation ends well within the
 * route function's 10 s timeout however long the list is (`npm run bench -- exports` measures it
 * at 100,000 records, docs/performance.md).
 */
export const EXPORT_PART_MS = 3_000;

export type PaymentExportStatus = 'all' | 'pending' | 'completed' | 'rejected' | 'refunded';
export type WithdrawalExportStatus = 'all' | 'pending' | 'approved' | 'rejected';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}
interface PageRequest {
  limit: number;
  cursor?: string;
  /** Lower-cased substring of the rows' searchText. */
  contains?: string;
}

/** The list reads the exports page through (the stores the admin screens use). */
export interface ExportSources {
  payments(status: PaymentExportStatus, page: PageRequest): Promise<Page<PaymentRecord>>;
  withdrawals(status: WithdrawalExportStatus, page: PageRequest): Promise<Page<WithdrawalRecord>>;
  users(page: { limit: number; cursor?: string; search?: string }): Promise<Page<AdminUser>>;
  subscriptions(scope: HistoryScope, page: PageRequest): Promise<Page<SubscriptionRecord>>;
}

/** One part of an export. */
export interface ExportFile {
  fileName: string;
  csv: string;
  /** Rows in this part. */
  rows: number;
  /** Where the next part starts; null when this part ends the list. */
  nextCursor: string | null;
}

/** A dataset's columns and how to read one page of it as CSV rows. */
interface DatasetReader {
  columns: readonly string[];
  rows: (
    sources: ExportSources,
    cursor: string | undefined,
  ) => Promise<{ lines: CsvValue[][]; nextCursor: string | null }>;
}

function reader<T>(
  columns: readonly string[],
  row: (item: T) => CsvValue[],
  page: (sources: ExportSources, cursor: string | undefined) => Promise<Page<T>>,
): DatasetReader {
  return {
    columns,
    rows: async (sources, cursor) => {
      const { items, nextCursor } = await page(sources, cursor);
      return { lines: items.map(row), nextCursor };
    },
  };
}

const PAYMENT_STATUSES: readonly string[] = ['all', 'pending', 'completed', 'rejected', 'refunded'];
const WITHDRAWAL_STATUSES: readonly string[] = ['all', 'pending', 'approved', 'rejected'];

function statusFor<S extends string>(
  dataset: ExportDataset,
  status: string | undefined,
  allowed: readonly string[],
): S {
  const value = status ?? 'all';
  if (!allowed.includes(value)) {
    const message = `status must be one of ${allowed.join(', ')} for ${dataset}`;
    throw new ValidationError(message, { status: message });
  }
  return value as S;
}

const PAYMENT_COLUMNS = [
  'Date',
  'Payment ID',
  'Username',
  'Email',
  'Package',
  'Amount',
  'Original Amount',
  'Referral Discount',
  'Referral Code',
  'Currency',
  'Payment Method',
  'Status',
  'Transaction ID',
  'Wallet Address',
  'Network',
  'Approved At',
  'Rejected At',
] as const;

export const paymentRow = (p: PaymentRecord): CsvValue[] => [
  p.createdAt,
  p._id,
  p.username,
  p.email,
  p.packageName,
  p.amount,
  p.originalAmount,
  p.referralDiscount,
  p.referralCode,
  p.currency,
  p.paymentMethod.toUpperCase(),
  p.status,
  p.transactionId,
  p.wallet.address,
  p.wallet.network,
  p.approvedAt,
  p.rejectedAt,
];

const WITHDRAWAL_COLUMNS = [
  'Request Date',
  'Withdrawal ID',
  'Username',
  'Email',
  'Amount',
  'TRC20 Address',
  'Status',
  'Approved Date',
  'Rejected Date',
  'Admin Note',
] as const;

export const withdrawalRow = (w: WithdrawalRecord): CsvValue[] => [
  w.requestDate,
  w._id,
  w.username,
  w.email,
  w.amount,
  w.trc20Address,
  w.status,
  w.approvedDate,
  w.rejectedDate,
  w.adminNote,
];

const USER_COLUMNS = [
  'User ID',
  'Username',
  'Email',
  'Phone',
  'Status',
  'Admin',
  'Referral Code',
  'Referral Earnings',
  'Created At',
  'Updated At',
] as const;

export const userRow = (u: AdminUser): CsvValue[] => [
  u._id,
  u.username,
  u.email,
  u.phone,
  u.isActive ? 'Active' : 'Inactive',
  u.isAdmin,
  u.referralCode,
  u.referralEarnings,
  u.createdAt,
  u.updatedAt,
];

const SUBSCRIPTION_COLUMNS = [
  'Created At',
  'Subscription ID',
  'Package',
  'Username',
  'Email',
  'Start',
  'End',
  'Status',
  'Payment',
  'Payment ID',
  'Activation Mail Sent',
] as const;

const PAYMENT_TEXT: Record<SubscriptionRecord['paymentMethod'], string> = {
  usdt: 'USDT',
  free: 'Free',
  support: 'By support',
};

/** The history table's columns: Ultimate ends 'Lifetime'; the payment is USDT, Free or By support (no payment). */
export const subscriptionRow = (s: SubscriptionRecord, today: string): CsvValue[] => [
  s.createdAt,
  s._id,
  s.packageName,
  s.username,
  s.email,
  s.startDate,
  s.endDate ?? (s.packageSlug === 'ultimate' && s.startDate !== null ? 'Lifetime' : null),
  effectiveStatus(s, today),
  PAYMENT_TEXT[s.paymentMethod],
  s.paymentId,
  s.notificationSent,
];

function datasetReader(dataset: ExportDataset, query: ExportQuery, now: Date): DatasetReader {
  const contains = normalizeSearch(query.search);
  const filter = contains === '' ? {} : { contains };
  const page = (cursor: string | undefined) => ({ limit: EXPORT_PAGE_SIZE, cursor, ...filter });
  switch (dataset) {
    case 'payments': {
      const status = statusFor<PaymentExportStatus>(dataset, query.status, PAYMENT_STATUSES);
      return reader(PAYMENT_COLUMNS, paymentRow, (sources, cursor) => sources.payments(status, page(cursor)));
    }
    case 'withdrawals': {
      const status = statusFor<WithdrawalExportStatus>(dataset, query.status, WITHDRAWAL_STATUSES);
      return reader(WITHDRAWAL_COLUMNS, withdrawalRow, (sources, cursor) => sources.withdrawals(status, page(cursor)));
    }
    case 'users':
      return reader(USER_COLUMNS, userRow, (sources, cursor) =>
        sources.users({ limit: EXPORT_PAGE_SIZE, cursor, ...(contains === '' ? {} : { search: contains }) }),
      );
    case 'subscriptions': {
      const scope = historyScope(query, now);
      const today = utcDay(now);
      return reader(
        SUBSCRIPTION_COLUMNS,
        (sub: SubscriptionRecord) => subscriptionRow(sub, today),
        (sources, cursor) => sources.subscriptions(scope, page(cursor)),
      );
    }
  }
}

/** `payments-2026-11-23.csv` (the UTC day of the export). */
export const exportFileName = (dataset: ExportDataset, now: Date) => `${dataset}-${utcDay(now)}.csv`;

/** The limits of one part of an export: rows, bytes of CSV, and milliseconds spent reading. */
export interface ExportLimits {
  maxRows: number;
  maxBytes: number;
  maxMs: number;
}

/**
 * Reads the dataset's list page by page (EXPORT_PAGE_SIZE rows per Query) with the current filter,
 * from `query.cursor` on, and renders one part of the export: it stops before a page that would
 * pass EXPORT_MAX_ROWS rows or EXPORT_MAX_BYTES of CSV, or once it has read for EXPORT_PART_MS, and
 * then answers the cursor the next part starts from. The first part starts with the header; the
 * parts joined in order are the whole file.
 */
export async function exportDataset(
  sources: ExportSources,
  dataset: ExportDataset,
  query: ExportQuery,
  now: Date,
  limits: ExportLimits = { maxRows: EXPORT_MAX_ROWS, maxBytes: EXPORT_MAX_BYTES, maxMs: EXPORT_PART_MS },
  clock: () => number = Date.now,
): Promise<ExportFile> {
  const started = clock();
  const spec = datasetReader(dataset, query, now);
  const parts = query.cursor === undefined ? [csvHeader(spec.columns)] : [];
  let bytes = Buffer.byteLength(parts[0] ?? '', 'utf8');
  let rows = 0;
  let cursor: string | undefined = query.cursor;
  do {
    const { lines, nextCursor } = await spec.rows(sources, cursor);
    const text = csvRows(lines);
    const size = Buffer.byteLength(text, 'utf8');
    // A page that does not fit is read again by the next part (a part always takes its first page).
    if (rows > 0 && (rows + lines.length > limits.maxRows || bytes + size > limits.maxBytes)) break;
    parts.push(text);
    rows += lines.length;
    bytes += size;
    cursor = nextCursor ?? undefined;
  } while (cursor !== undefined && clock() - started < limits.maxMs);
  return { fileName: exportFileName(dataset, now), csv: parts.join(''), rows, nextCursor: cursor ?? null };
}
