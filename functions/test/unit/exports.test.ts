import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminUser } from '@goldbot/shared';
import { toPaymentItem } from '../../src/data/payment-entity.js';
import type { PaymentRecord } from '../../src/domain/records/payment-record.js';
import type { SubscriptionRecord } from '../../src/domain/records/subscription-record.js';
import { csvRows, type CsvValue } from '../../src/domain/export/csv.js';
import {
  exportDataset,
  exportFileName,
  subscriptionRow,
  type ExportFile,
  type ExportLimits,
  type ExportSources,
  type Page,
} from '../../src/domain/export/exports.js';
import { CALLERS, givenProfilesOnly, httpEvent, invoke, type HttpHandler } from '../helpers/lambda.js';
import { pendingPayment, pendingSubscription } from '../helpers/payment-samples.js';
import { useMockedDynamo } from '../helpers/dynamo-outcomes.js';
import { parseCsv } from '../helpers/csv-reader.js';

/**
 * CSV exports: the page-by-page export with its row and size limits and per-dataset filters, and
 * the admin-export handler's download answer.
 */

const NOW = new Date('2026-11-23T12:00:00.000Z');

/** Sources over in-memory lists, paged like the stores (cursor = index of the next row). */
function sources(data: { payments?: PaymentRecord[]; users?: AdminUser[]; subscriptions?: SubscriptionRecord[] }) {
  const asked: unknown[] = [];
  const pageOf = <T>(items: T[], limit: number, cursor: string | undefined): Page<T> => {
    const start = cursor ? Number(cursor) : 0;
    const next = start + limit;
    return { items: items.slice(start, next), nextCursor: next < items.length ? String(next) : null };
  };
  const src: ExportSources = {
    async payments(status, page) {
      asked.push({ payments: status, ...page });
      const rows = (data.payments ?? []).filter(
        (p) => (status === 'all' || p.status === status) && (!page.contains || p.searchText.includes(page.contains)),
      );
      return pageOf(rows, page.limit, page.cursor);
    },
    async withdrawals(status, page) {
      asked.push({ withdrawals: status, ...page });
      return { items: [], nextCursor: null };
    },
    async users(page) {
      asked.push({ users: true, ...page });
      return pageOf(data.users ?? [], page.limit, page.cursor);
    },
    async subscriptions(scope, page) {
      asked.push({ scope, ...page });
      return pageOf(data.subscriptions ?? [], page.limit, page.cursor);
    },
  };
  return { src, asked };
}

const payments = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    pendingPayment({
      _id: `P${i}`,
      username: i === 1 ? '=HYPERLINK("x")' : `buyer${i}`,
      transactionId: `tx${i}0000000000`,
    }),
  );

describe('exportDataset', () => {
  it('reads every page (100 rows per Query) with the current filter and renders one row each', async () => {
    const { src, asked } = sources({ payments: payments(250) });
    const file = await exportDataset(src, 'payments', { status: 'pending', search: ' BUYER ' }, NOW);
    expect(file).toMatchObject({ fileName: 'payments-2026-11-23.csv', rows: 249, nextCursor: null });
    const parsed = parseCsv(file.csv.slice(1));
    expect(parsed[0]?.slice(0, 5)).toEqual(['Date', 'Payment ID', 'Username', 'Email', 'Package']);
    expect(parsed).toHaveLength(250);
    expect(asked[0]).toEqual({ payments: 'pending', limit: 100, cursor: undefined, contains: 'buyer' });
    expect(asked).toHaveLength(3);
  });

  it('guards a formula in the data', async () => {
    const { src } = sources({ payments: payments(3) });
    const file = await exportDataset(src, 'payments', {}, NOW);
    expect(parseCsv(file.csv.slice(1))[2]?.[2]).toBe(`'=HYPERLINK("x")`);
  });

  /** Every part of an export, each started from the cursor of the one before. */
  async function allParts(src: ExportSources, limits: ExportLimits, clock?: () => number) {
    const parts: ExportFile[] = [];
    let cursor: string | undefined;
    do {
      const part = await exportDataset(src, 'payments', cursor ? { cursor } : {}, NOW, limits, clock);
      parts.push(part);
      cursor = part.nextCursor ?? undefined;
    } while (cursor !== undefined);
    return parts;
  }
  const BIG = { maxRows: 50_000, maxBytes: 10_000_000, maxMs: 60_000 };

  it('answers in parts at the row, size or time limit of a part: the parts joined are the whole file', async () => {
    const { src } = sources({ payments: payments(250) });
    const whole = await exportDataset(src, 'payments', {}, NOW, BIG);
    expect(whole).toMatchObject({ rows: 250, nextCursor: null });

    // A part ends before a page that would pass its rows: 100 + 100, then 50.
    const byRows = await allParts(src, { ...BIG, maxRows: 220 });
    expect(byRows.map((p) => [p.rows, p.nextCursor])).toEqual([
      [200, '200'],
      [50, null],
    ]);
    expect(byRows.map((p) => p.csv).join('')).toBe(whole.csv);
    // Only the first part carries the header.
    expect(byRows[1]?.csv.startsWith('\uFEFF')).toBe(false);

    // By size: each part within its bytes, however many parts it takes.
    const pageBytes = Buffer.byteLength(whole.csv) / 2.5;
    const bySize = await allParts(src, { ...BIG, maxBytes: Math.round(pageBytes * 1.3) });
    expect(bySize.map((p) => p.rows)).toEqual([100, 100, 50]);
    expect(bySize.map((p) => p.csv).join('')).toBe(whole.csv);

    // By time: a clock that moves 2 s per page, parts of 3 s, so two pages a part.
    let now = 0;
    const byTime = await allParts(src, { ...BIG, maxMs: 3_000 }, () => (now += 2_000));
    expect(byTime.map((p) => p.rows)).toEqual([200, 50]);
    expect(byTime.map((p) => p.csv).join('')).toBe(whole.csv);
  });

  it('always takes the first page of a part, so an export ends even when one page is over a limit', async () => {
    const { src } = sources({ payments: payments(250) });
    const parts = await allParts(src, { ...BIG, maxRows: 10, maxBytes: 100 });
    expect(parts.map((p) => p.rows)).toEqual([100, 100, 50]);
  });

  it('refuses a status that is not one of the dataset', async () => {
    const { src } = sources({});
    await expect(exportDataset(src, 'payments', { status: 'approved' }, NOW)).rejects.toThrow(
      'status must be one of all, pending, completed, rejected, refunded for payments',
    );
    await expect(exportDataset(src, 'withdrawals', { status: 'completed' }, NOW)).rejects.toThrow(/for withdrawals/);
    expect((await exportDataset(src, 'withdrawals', { status: 'approved' }, NOW)).rows).toBe(0);
  });

  it('exports users with their search, and subscriptions of the chosen period with Lifetime and the payment kind', async () => {
    const user: AdminUser = {
      _id: 'U1',
      username: 'jane_doe',
      email: 'jane@example.com',
      phone: null,
      isActive: false,
      isAdmin: false,
      referralCode: 'JANE2026',
      referralEarnings: 4,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-02T00:00:00.000Z',
    };
    const { src, asked } = sources({ users: [user] });
    const users = parseCsv((await exportDataset(src, 'users', { search: 'Jane' }, NOW)).csv.slice(1));
    expect(users[1]).toEqual([
      'U1',
      'jane_doe',
      'jane@example.com',
      '',
      'Inactive',
      'No',
      'JANE2026',
      '4',
      '2026-01-01T00:00:00.000Z',
      '2026-01-02T00:00:00.000Z',
    ]);
    expect(asked[0]).toMatchObject({ users: true, search: 'jane' });

    const ultimate = pendingSubscription(pendingPayment({ packageSlug: 'ultimate' }), {
      status: 'active',
      startDate: '2026-11-20',
      endDate: null,
    });
    expect(subscriptionRow(ultimate, '2026-11-23').slice(5, 9)).toEqual(['2026-11-20', 'Lifetime', 'active', 'USDT']);
    const history = sources({ subscriptions: [ultimate] });
    await exportDataset(history.src, 'subscriptions', { month: 10 }, NOW);
    expect(history.asked[0]).toMatchObject({ scope: { year: 2026, month: 10 } });
  });

  it('names the file after the dataset and the UTC day', () => {
    expect(exportFileName('subscriptions', new Date('2026-12-31T23:30:00.000Z'))).toBe('subscriptions-2026-12-31.csv');
  });

  it('renders cells as numbers, text or empty', () => {
    const cells: CsvValue[] = [1, 'a', null, undefined];
    expect(parseCsv(csvRows([cells]))[0]).toEqual(['1', 'a', '', '']);
  });
});

const dynamo = useMockedDynamo();
beforeEach(() => givenProfilesOnly(dynamo));

describe('admin-export handler', () => {
  const call = async (
    dataset: string,
    query: Record<string, string> = {},
    claims: Record<string, string> = CALLERS.admin,
  ) => {
    const { handler } = (await import('../../src/handlers/admin-export.js')) as { handler: HttpHandler };
    return invoke(handler, httpEvent({ routeId: 'admin-export', claims, pathParameters: { dataset }, query }));
  };

  it('answers a CSV download of the completed payments list (GSI2), page by page', async () => {
    const completed = pendingPayment({ status: 'completed', username: '@admin' });
    dynamo
      .on(QueryCommand)
      .resolvesOnce({
        Items: [toPaymentItem(completed)],
        LastEvaluatedKey: { PK: 'a', SK: 'b', GSI2PK: 'PAYMENTS#completed', GSI2SK: 'c' },
      })
      .resolvesOnce({ Items: [] });
    const res = await call('payments', { status: 'completed' });
    expect(res.statusCode, res.rawBody).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="payments-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['x-export-rows']).toBe('1');
    expect(res.headers['x-export-truncated']).toBeUndefined();
    const rows = parseCsv(res.rawBody.slice(1));
    expect(rows[1]?.[2]).toBe("'@admin");
    const queries = dynamo.commandCalls(QueryCommand).map((c) => c.args[0].input);
    expect(queries).toHaveLength(2);
    expect(queries[0]).toMatchObject({
      IndexName: 'GSI2',
      ExpressionAttributeValues: { ':list': 'PAYMENTS#completed' },
      Limit: 100,
    });
  });

  it('refuses an unknown dataset, a wrong status and a non-admin caller', async () => {
    expect((await call('secrets')).statusCode).toBe(400);
    expect((await call('withdrawals', { status: 'completed' })).statusCode).toBe(400);
    expect((await call('users', {}, CALLERS.user)).statusCode).toBe(403);
  });
});
