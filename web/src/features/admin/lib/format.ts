const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** US dollars, en-US (admin §9); whole amounts without cents, as '$10 off'. */
export function formatUsd(amount: number): string {
  return usd.format(amount).replace(/\.00$/, '');
}

/** An amount in its currency code; USD (the default, admin §9) as dollars. */
export function formatAmount(amount: number, currency: string): string {
  const code = currency.trim().toUpperCase() || 'USD';
  if (code === 'USD') return formatUsd(amount);
  return `${amount.toLocaleString('en-US', { maximumFractionDigits: 8 })} ${code}`;
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const valid = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
};

export function formatDate(iso: string): string {
  const date = valid(iso);
  return date ? dateFormat.format(date) : '-';
}

export function formatDateTime(iso: string): string {
  const date = valid(iso);
  return date ? dateTimeFormat.format(date) : '-';
}

const calendarDayFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/**
 * A subscription's calendar day ('YYYY-MM-DD', UTC) as 'Mar 1, 2026', the same day wherever the
 * admin is; '-' when missing or unreadable.
 */
export function formatCalendarDay(day: string | null | undefined): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!parts) return '-';
  return calendarDayFormat.format(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])));
}
