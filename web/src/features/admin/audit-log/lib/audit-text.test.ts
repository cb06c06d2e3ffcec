import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@goldbot/shared';
import {
  ACTION_LABELS,
  actorText,
  changeText,
  detailLines,
  keyLabel,
  monthOptions,
  targetText,
  valueText,
} from './audit-text';

describe('audit log texts', () => {
  it('names every action the server can record', () => {
    for (const action of AUDIT_ACTIONS) expect(ACTION_LABELS[action]).toMatch(/^[A-Z]/);
    expect(ACTION_LABELS['user.deactivate']).toBe('User deactivated');
  });

  it("shows the admin's e-mail, System for jobs, else the admin's id", () => {
    expect(actorText({ actor: 'sub-1', actorEmail: 'admin@example.com' })).toBe('admin@example.com');
    expect(actorText({ actor: 'system' })).toBe('System');
    expect(actorText({ actor: 'sub-1' })).toBe('sub-1');
  });

  it('names the target by its type and id', () => {
    expect(targetText({ target: { type: 'payment', id: 'pay-1' } })).toBe('Payment pay-1');
    expect(targetText({ target: { type: 'settings', id: '' } })).toBe('Settings');
  });

  it('reads the before/after status, whatever its shape, and nothing when there is none', () => {
    expect(changeText({ details: { from: 'active', to: 'inactive' } })).toBe('active → inactive');
    expect(changeText({ details: { from: false, to: true } })).toBe('No → Yes');
    expect(changeText({ details: { from: { priceUsd: 60, onSale: true }, to: { priceUsd: 50, onSale: true } } })).toBe(
      'Price usd: 60, On sale: Yes → Price usd: 50, On sale: Yes',
    );
    expect(changeText({ details: { to: 'default' } })).toBe('- → default');
    expect(changeText({ details: { amount: 20 } })).toBeNull();
  });

  it('lists the other details with readable labels, shortening long lists', () => {
    const ids = ['s1', 's2', 's3', 's4', 's5', 's6', 's7'];
    expect(
      detailLines({
        details: {
          from: 'pending',
          to: 'approved',
          amount: 20,
          trc20Address: 'TAbc',
          adminNote: null,
          subscriptionIds: ids,
        },
      }),
    ).toEqual([
      { label: 'Amount', text: '20' },
      { label: 'Trc20 address', text: 'TAbc' },
      { label: 'Admin note', text: '-' },
      { label: 'Subscription ids', text: 's1, s2, s3, s4, s5 (+2 more)' },
    ]);
    expect(keyLabel('packageName')).toBe('Package name');
    expect(valueText([])).toBe('-');
    expect(valueText({})).toBe('-');
  });

  it('offers the current UTC month first and the eleven before it, across a year end', () => {
    const options = monthOptions(new Date('2026-02-15T10:00:00Z'));
    expect(options).toHaveLength(12);
    expect(options.slice(0, 3)).toEqual([
      { value: '2026-02', label: 'February 2026' },
      { value: '2026-01', label: 'January 2026' },
      { value: '2025-12', label: 'December 2025' },
    ]);
    expect(options.at(-1)).toEqual({ value: '2025-03', label: 'March 2025' });
    // Late on the last day of a month in UTC+ zones is already the next UTC month, and vice versa.
    expect(monthOptions(new Date('2026-03-31T23:30:00Z'))[0]?.value).toBe('2026-03');
    expect(monthOptions(new Date('2026-04-01T00:10:00Z'))[0]?.value).toBe('2026-04');
  });
});
