import type { AuditAction, AuditEntryView, AuditTargetType } from '@goldbot/shared';

/** What each admin action is called on the screen. */
export const ACTION_LABELS: Record<AuditAction, string> = {
  'payment.approve': 'Payment approved',
  'payment.reject': 'Payment rejected',
  'payment.auto-approve': 'Payment approved automatically',
  'wallet.add': 'Wallet added',
  'wallet.update': 'Wallet updated',
  'withdrawal.approve': 'Withdrawal approved',
  'withdrawal.reject': 'Withdrawal rejected',
  'user.activate': 'User activated',
  'user.deactivate': 'User deactivated',
  'templates.update': 'Email templates updated',
  'templates.reset': 'Email templates reset',
  'settings.update': 'Subscription settings updated',
  'catalog.update': 'Package updated',
  'notifications.send': 'Activation emails sent',
  'subscription.grant': 'Package granted by support',
  'subscription.extend': 'Package extended by support',
  'subscription.end': 'Package ended by support',
  'bot.connect': 'Bot connected to a MetaTrader 5 account',
  'refund.create': 'Refund opened',
  'refund.approve': 'Refund approved',
  'refund.refuse': 'Refund refused',
  'transfer.assign': 'Unmatched transfer assigned',
  'transfer.resolve': 'Unmatched transfer closed',
  'mail.resend': 'Failed mail sent again',
};

const TARGET_LABELS: Record<AuditTargetType, string> = {
  payment: 'Payment',
  wallet: 'Wallet',
  withdrawal: 'Withdrawal',
  user: 'User',
  template: 'Template',
  settings: 'Settings',
  package: 'Package',
  subscription: 'Subscriptions',
  refund: 'Refund',
  transfer: 'Transfer',
  mail: 'Mail',
};

export const SYSTEM_LABEL = 'System';

/** Who did it: the admin's e-mail, 'System' for scheduled jobs, else the admin's id. */
export function actorText(entry: Pick<AuditEntryView, 'actor' | 'actorEmail'>): string {
  if (entry.actorEmail) return entry.actorEmail;
  return entry.actor === 'system' ? SYSTEM_LABEL : entry.actor;
}

/** 'Payment pay-123'. */
export const targetText = ({ target }: Pick<AuditEntryView, 'target'>) =>
  target.id ? `${TARGET_LABELS[target.type]} ${target.id}` : TARGET_LABELS[target.type];

/** Lists longer than this show their first items and how many more there are. */
const LIST_PREVIEW = 5;

/** 'packageName' -> 'Package name', 'trc20Address' -> 'Trc20 address'. */
export function keyLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A detail's value as text: lists shortened, objects as `key: value` pairs, nothing as '-'. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) {
    if (value.length === 0) return '-';
    const shown = value.slice(0, LIST_PREVIEW).map(valueText).join(', ');
    return value.length > LIST_PREVIEW ? `${shown} (+${value.length - LIST_PREVIEW} more)` : shown;
  }
  if (typeof value === 'object') {
    const pairs = Object.entries(value as Record<string, unknown>).map(
      ([key, inner]) => `${keyLabel(key)}: ${valueText(inner)}`,
    );
    return pairs.length === 0 ? '-' : pairs.join(', ');
  }
  return '-';
}

/** The before/after status as 'pending → completed'; null when the entry records none. */
export function changeText({ details }: Pick<AuditEntryView, 'details'>): string | null {
  if (!('from' in details) && !('to' in details)) return null;
  return `${valueText(details.from)} → ${valueText(details.to)}`;
}

/** The entry's other facts (amounts, names, ids), each as a label and its text. */
export function detailLines({ details }: Pick<AuditEntryView, 'details'>): Array<{ label: string; text: string }> {
  return Object.entries(details)
    .filter(([key]) => key !== 'from' && key !== 'to')
    .map(([key, value]) => ({ label: keyLabel(key), text: valueText(value) }));
}

const monthLabel = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** How many months the picker offers: the current one and the eleven before it. */
export const MONTHS_OFFERED = 12;

/**
 * The month picker's choices, newest first: `value` is the UTC month `yyyy-mm` the server keeps
 * its entries under, `label` reads 'March 2026'.
 */
export function monthOptions(now: Date = new Date(), count = MONTHS_OFFERED): Array<{ value: string; label: string }> {
  return Array.from({ length: count }, (_, back) => {
    const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
    return { value: first.toISOString().slice(0, 7), label: monthLabel.format(first) };
  });
}
