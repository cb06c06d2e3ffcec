import { formatDate } from '@/lib/format';

/** How much of a message the table shows. */
export const PREVIEW_LENGTH = 50;

/** The first 50 characters and '...' when the message is longer; a shorter one as it is. */
export function previewText(message: string, length = PREVIEW_LENGTH): string {
  // By code points, so an emoji is never cut in half.
  const characters = Array.from(message);
  return characters.length > length ? `${characters.slice(0, length).join('')}...` : message;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Older than this, a message shows its date instead of 'N days ago'. */
const RELATIVE_DAYS = 7;

const ago = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'} ago`;

/**
 * When a message came: 'Just now', then minutes, hours and days ago, and from a week
 * on its short date ('Mar 2, 2026'). A time ahead of the clock (skew) counts as just now.
 */
export function relativeDate(iso: string, now: number = Date.now()): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '-';
  const elapsed = now - time;
  if (elapsed < MINUTE) return 'Just now';
  if (elapsed < HOUR) return ago(Math.floor(elapsed / MINUTE), 'minute');
  if (elapsed < DAY) return ago(Math.floor(elapsed / HOUR), 'hour');
  if (elapsed < RELATIVE_DAYS * DAY) return ago(Math.floor(elapsed / DAY), 'day');
  return formatDate(iso);
}

/** The admin's local midnight of `now`, as the instant the server counts 'Today' from. */
export function startOfLocalDay(now: Date = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}
