import { formatUsd } from '@goldbot/shared';

/**
 * How the site writes money, days and statuses, in US English, the same on every page: the
 * customer's dashboard, the payment window, the price cards and the back-office.
 */

/** Shown in place of a day or a status the server did not send, or sent unreadable. */
export const NOT_AVAILABLE = 'N/A';

/**
 * A formatter made on first use. The browser's first Intl formatter loads its locale data, which
 * takes tens of milliseconds on a phone: made when this module loads, every formatter here would
 * hold up the page that merely imports one of them, all in one go.
 */
function onFirstUse<T>(create: () => T): () => T {
  let made: T | undefined;
  return () => (made ??= create());
}

/**
 * Dollars and USDT are written by shared/src/money.ts, the same on the server, in the mails and on
 * every page: "$60", "$59.50" (formatUsd), "$60.00" (formatUsdCents), "50.40 USDT" (formatUsdt).
 */
export { formatUsd, formatUsdCents, formatUsdt } from '@goldbot/shared';

/** An amount in its currency code ("79 USDT", "0.5 TRX"); USD, the default, as dollars. */
export function formatAmount(amount: number, currency: string): string {
  const code = currency.trim().toUpperCase() || 'USD';
  if (code === 'USD') return formatUsd(amount);
  return `${amount.toLocaleString('en-US', { maximumFractionDigits: 8 })} ${code}`;
}

const calendarDay = onFirstUse(
  () =>
    new Intl.DateTimeFormat('en-US', {
      month: 'short',
      day: 'numeric',
      year: 'numeric',
      timeZone: 'UTC',
    }),
);

/**
 * A subscription's calendar day ('2026-03-01', read in UTC) or a timestamp's UTC day as
 * 'Mar 1, 2026': the same day wherever the reader is. `missing` when absent or unreadable.
 */
export function formatCalendarDay(value: string | null | undefined, missing: string = NOT_AVAILABLE): string {
  if (!value) return missing;
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const time = day ? Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : Date.parse(value);
  return Number.isNaN(time) ? missing : calendarDay().format(time);
}

const localDate = onFirstUse(
  () => new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' }),
);
const localDateTime = onFirstUse(() => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }));

const parseInstant = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

/** A moment's day in the reader's time zone ('Mar 1, 2026'); '-' when unreadable. */
export function formatDate(iso: string): string {
  const date = parseInstant(iso);
  return date ? localDate().format(date) : '-';
}

/** A moment in the reader's time zone ('Mar 1, 2026, 2:05 PM'); '-' when unreadable. */
export function formatDateTime(iso: string): string {
  const date = parseInstant(iso);
  return date ? localDateTime().format(date) : '-';
}

/** 'active' -> 'Active'; other statuses are shown as they are, capitalised. */
export const formatStatus = (status: string) => (status ? status[0]?.toUpperCase() + status.slice(1) : NOT_AVAILABLE);
