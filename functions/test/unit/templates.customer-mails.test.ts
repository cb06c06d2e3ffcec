import { describe, expect, it } from 'vitest';
import {
  DEFAULT_EMAIL_TEMPLATES,
  EDITABLE_TEMPLATE_TYPES,
  formatMailDate,
  paymentTemplateType,
  subscriptionMailValues,
} from '../../src/domain/email/templates.js';
import { renderEmail } from '../../src/domain/email/render.js';
import { TEMPLATE_PLACEHOLDERS } from '../../src/domain/email/template-rules.js';

/** The 11 editable commerce mails (docs/data-model.md, "E-mail templates") and their helpers. */
const values = {
  ...subscriptionMailValues({
    username: 'jane_doe',
    packageName: 'Pro Package',
    startDate: '2026-12-01',
    endDate: '2027-05-31',
    dashboardLink: 'https://goldbot.example/dashboard',
    amount: 250.4,
  }),
  copyTradingLink: 'https://broker.example/copy/goldbot',
};
const PENDING = EDITABLE_TEMPLATE_TYPES.filter((t) => t.endsWith('Pending'));
const DATED = EDITABLE_TEMPLATE_TYPES.filter((t) => !t.endsWith('Pending'));

describe('editable defaults', () => {
  it.each(EDITABLE_TEMPLATE_TYPES)('%s greets the customer, links the dashboard and keeps the layout', (type) => {
    const template = DEFAULT_EMAIL_TEMPLATES[type];
    const mail = renderEmail(template, values);
    expect(mail.html).toContain('jane_doe');
    expect(mail.html).toContain('href="https://goldbot.example/dashboard"');
    expect(mail.html).toContain('GoldBot · Automated XAUUSD trading');
    expect(mail.subject).toMatch(/^GoldBot: /);
    expect(mail.subject).not.toMatch(/[\r\n]|\{\{/);
    expect(mail.html).not.toMatch(/\{\{/);
    // Only the placeholders the admin editor documents for the type.
    const used = [...template.html.matchAll(/\{\{\s*([^}\s]+)\s*\}\}/g)].map((m) => m[1]);
    for (const name of used) expect(TEMPLATE_PLACEHOLDERS[type]).toContain(name);
    expect(template.html).not.toMatch(/\{\{\{|\{\{&/);
  });

  it.each(PENDING)('%s has no dates (nothing is dated before approval) and promises the 2 hours', (type) => {
    expect(DEFAULT_EMAIL_TEMPLATES[type].html).not.toMatch(/startDate|endDate/);
    expect(renderEmail(DEFAULT_EMAIL_TEMPLATES[type], values).text).toContain('within 2 hours');
  });

  it.each(PENDING)("%s states the order's exact amount, every cent shown", (type) => {
    expect(renderEmail(DEFAULT_EMAIL_TEMPLATES[type], values).text).toContain(
      'We have received your payment of 250.40 USDT for the',
    );
  });

  it.each(DATED)('%s shows the start date', (type) => {
    expect(renderEmail(DEFAULT_EMAIL_TEMPLATES[type], values).text).toContain('Dec 1, 2026');
  });

  it('the free-trial mails name no package; Ultimate ends "Lifetime"', () => {
    for (const type of ['freeTrial', 'freeTrialActivated'] as const) {
      expect(DEFAULT_EMAIL_TEMPLATES[type].html).not.toContain('packageName');
      expect(renderEmail(DEFAULT_EMAIL_TEMPLATES[type], values).text).toContain('May 31, 2027');
    }
    const ultimate = renderEmail(DEFAULT_EMAIL_TEMPLATES.ultimatePackagePaymentVerified, values);
    expect(ultimate.text).toContain('Lifetime');
    expect(ultimate.text).not.toContain('May 31, 2027');
  });

  it('freeTrialActivated makes the copy-trading link its main button, the dashboard a line below', () => {
    const mail = renderEmail(DEFAULT_EMAIL_TEMPLATES.freeTrialActivated, values);
    const buttons = [...mail.html.matchAll(/<a href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[1], m[2]]);
    expect(buttons[0]).toEqual(['https://broker.example/copy/goldbot', 'Open Copy Trading']);
    expect(mail.text).toContain('https://broker.example/copy/goldbot');
    expect(mail.text).not.toContain('copy-trading details are in your dashboard');
  });

  it('escapes a hostile username', () => {
    const mail = renderEmail(DEFAULT_EMAIL_TEMPLATES.paymentPending, { ...values, username: '<img src=x onerror=1>' });
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src&#x3D;x onerror&#x3D;1&gt;');
  });
});

describe('paymentTemplateType', () => {
  it('maps each paid package to its own pending and verified mails, anything else to the generic ones', () => {
    expect(paymentTemplateType('basic', 'pending')).toBe('basicPackagePaymentPending');
    expect(paymentTemplateType('basic', 'verified')).toBe('basicPackagePaymentVerified');
    expect(paymentTemplateType('pro', 'pending')).toBe('proPackagePaymentPending');
    expect(paymentTemplateType('pro', 'verified')).toBe('proPackagePaymentVerified');
    expect(paymentTemplateType('ultimate', 'pending')).toBe('ultimatePackagePaymentPending');
    expect(paymentTemplateType('ultimate', 'verified')).toBe('ultimatePackagePaymentVerified');
    expect(paymentTemplateType('freeTrial', 'pending')).toBe('paymentPending');
    expect(paymentTemplateType('freeTrial', 'verified')).toBe('paymentVerified');
  });
});

describe('mail dates', () => {
  it('reads like the dashboard: "Mar 1, 2026", "Lifetime" without an end, "N/A" before approval', () => {
    expect(formatMailDate('2026-03-01')).toBe('Mar 1, 2026');
    expect(formatMailDate('2026-12-31')).toBe('Dec 31, 2026');
    expect(formatMailDate(null)).toBe('Lifetime');
    expect(formatMailDate('not a date')).toBe('not a date');
    expect(
      subscriptionMailValues({
        username: 'u',
        packageName: 'Ultimate Package',
        startDate: '2026-11-23',
        endDate: null,
        dashboardLink: 'l',
      }),
    ).toMatchObject({ startDate: 'Nov 23, 2026', endDate: 'Lifetime' });
    expect(
      subscriptionMailValues({
        username: 'u',
        packageName: 'Pro Package',
        startDate: null,
        endDate: null,
        dashboardLink: 'l',
      }),
    ).toMatchObject({ startDate: 'N/A', endDate: 'N/A' });
    // The amount is only given to the pending mails, to the cent.
    expect(
      subscriptionMailValues({ username: 'u', packageName: 'p', startDate: null, endDate: null, dashboardLink: 'l' }),
    ).not.toHaveProperty('amount');
    expect(
      subscriptionMailValues({
        username: 'u',
        packageName: 'p',
        startDate: null,
        endDate: null,
        dashboardLink: 'l',
        amount: 60,
      }).amount,
    ).toBe('60.00');
  });
});
