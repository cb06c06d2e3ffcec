import { describe, expect, it } from 'vitest';
import { renderEmail } from '../../src/domain/email/render.js';
import { isAdminTemplateType, sampleValues } from '../../src/domain/email/template-rules.js';
import {
  CONNECTION_TEMPLATE_TYPES,
  DEFAULT_EMAIL_TEMPLATES,
  EDITABLE_TEMPLATE_TYPES,
  NEW_WORK_TEMPLATE_TYPES,
  REFUND_TEMPLATE_TYPES,
  REMINDER_TEMPLATE_TYPES,
  WALLET_TEMPLATE_TYPES,
  WATCHER_TEMPLATE_TYPES,
  WITHDRAWAL_TEMPLATE_TYPES,
  botConnectedMailValues,
  adminTestMailValues,
  expiryReminderMailValues,
  newWorkMailValues,
  refundMailValues,
  walletActivatedMailValues,
  type EmailTemplateType,
} from '../../src/domain/email/templates.js';

const values = {
  username: 'jane_doe',
  code: '0482',
  expiresInMinutes: 10,
  newEmail: 'j***@example.org',
  // The administrator's test mail.
  sentAt: 'Nov 23, 2026, 12:05 UTC',
  adminLink: 'https://goldbot.example/admin/dashboard',
};
const types = Object.keys(DEFAULT_EMAIL_TEMPLATES) as EmailTemplateType[];
const CODE_MAILS = ['otpVerification', 'passwordResetOtp', 'emailChangeOtp'] as const;

/** Both the HTML and the text version of `mail` say each of `facts`. */
const expectBothSay = (mail: { html: string; text: string }, ...facts: string[]) => {
  for (const part of [mail.html, mail.text]) for (const fact of facts) expect(part).toContain(fact);
};

describe('default templates', () => {
  it('exist for the code mails, the e-mail change notice, the 11 editable types, the withdrawal decisions, the reminder, the admin notices, the new-work mail, the test mail, the refund decisions and the bot connection notice', () => {
    expect([...types].sort()).toEqual(
      [
        'emailChangeOtp',
        'emailChanged',
        'otpVerification',
        'passwordResetOtp',
        'adminTestMail',
        ...EDITABLE_TEMPLATE_TYPES,
        ...WITHDRAWAL_TEMPLATE_TYPES,
        ...REMINDER_TEMPLATE_TYPES,
        ...WALLET_TEMPLATE_TYPES,
        ...CONNECTION_TEMPLATE_TYPES,
        ...NEW_WORK_TEMPLATE_TYPES,
        ...REFUND_TEMPLATE_TYPES,
        ...WATCHER_TEMPLATE_TYPES,
      ].sort(),
    );
  });

  it('botConnected tells the customer which account the bot is connected to, read-only, escaped', () => {
    const mail = renderEmail(
      DEFAULT_EMAIL_TEMPLATES.botConnected,
      botConnectedMailValues({
        username: 'jane_doe',
        packageName: 'Pro Package',
        broker: 'IC <Markets>',
        server: 'ICMarketsSC-MT5-2',
        accountNumber: '51234567',
        connectedAt: '2026-11-23T12:05:09.000Z',
        dashboardLink: 'https://app.example.com/dashboard',
      }),
    );
    expect(mail.subject).toBe('GoldBot: the bot is connected to your MetaTrader 5 account');
    expectBothSay(mail, 'jane_doe', 'Pro Package', 'ICMarketsSC-MT5-2', '51234567', 'Nov 23, 2026', 'read-only');
    expect(mail.html).toContain('IC &lt;Markets&gt;');
    expect(mail.html).toContain('href="https://app.example.com/dashboard"');
  });

  it.each(CODE_MAILS)('%s carries the code and the expiry in HTML and text', (type) => {
    const mail = renderEmail(DEFAULT_EMAIL_TEMPLATES[type], values);
    expectBothSay(mail, '0482', '10 minutes');
    expect(mail.subject).toMatch(/GoldBot/);
  });

  // A code for an address nobody has proven yet must not tell a stranger whose account it is.
  it.each([
    ['otpVerification', false],
    ['emailChangeOtp', false],
    ['passwordResetOtp', true],
    ['emailChanged', true],
  ] as const)('%s names the account: %s', (type, named) => {
    const mail = renderEmail(DEFAULT_EMAIL_TEMPLATES[type], values);
    for (const part of [mail.html, mail.text]) expect(part.includes('jane_doe')).toBe(named);
    expect(mail.subject).not.toContain('jane_doe');
  });

  it('emailChanged tells the old address the masked new one, and nothing to enter', () => {
    const mail = renderEmail(DEFAULT_EMAIL_TEMPLATES.emailChanged, values);
    expect(mail.subject).toBe('Your GoldBot email was changed');
    expectBothSay(mail, 'j***@example.org');
    expect(mail.text).not.toContain('0482');
  });

  it('walletActivated tells an administrator which wallet became active, instead of which, by whom and when', () => {
    const mail = renderEmail(
      DEFAULT_EMAIL_TEMPLATES.walletActivated,
      walletActivatedMailValues({
        currency: 'USDT',
        network: 'TRC20',
        address: 'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL',
        previousAddress: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
        activatedBy: '<ops>@example.com',
        activatedAt: '2026-11-23T12:05:09.000Z',
        walletsLink: 'https://app.example.com/admin/wallets',
      }),
    );
    expect(mail.subject).toBe('GoldBot admin: a new USDT wallet now receives payments');
    expectBothSay(
      mail,
      'TDuvkvLEhHvy3VQDWowtt16n3W5khHgsaL',
      'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
      'Nov 23, 2026, 12:05 UTC',
    );
    expect(mail.html).toContain('&lt;ops&gt;@example.com');
    expect(mail.html).toContain('href="https://app.example.com/admin/wallets"');
    const first = walletActivatedMailValues({
      currency: 'ETH',
      network: 'ERC20',
      address: '0xabc',
      previousAddress: null,
      activatedBy: 'a@example.com',
      activatedAt: '2026-11-23T12:05:09.000Z',
      walletsLink: 'l',
    });
    expect(first.previousAddress).toBe('none');
  });

  it('adminNewWork says what is new since when, lists it escaped, counts the rest and links the screen', () => {
    const mail = renderEmail(
      DEFAULT_EMAIL_TEMPLATES.adminNewWork,
      newWorkMailValues({
        kind: 'pendingWithdrawals',
        since: '2026-11-23T11:49:30.000Z',
        arrivals: {
          items: [{ at: '2026-11-23T11:52:04.000Z', who: '<b>ann</b> <ann@example.com>', what: '20.00 USDT to TQn9' }],
          total: 3,
        },
        waiting: 1,
        reviewLink: 'https://app.example.com/admin/withdrawals',
        settingsLink: 'https://app.example.com/admin/subscription-settings',
      }),
    );
    expect(mail.subject).toBe('GoldBot admin: 3 new withdrawal requests');
    expectBothSay(
      mail,
      'since Nov 23, 2026, 11:49 UTC',
      '… and 2 more',
      '1 withdrawal request waits for a decision in all.',
      'every 15 minutes',
    );
    expect(mail.text).toContain(
      '• Nov 23, 2026, 11:52 UTC · <b>ann</b> <ann@example.com> · 20.00 USDT to TQn9\n… and 2 more',
    );
    expect(mail.html).toContain('&lt;b&gt;ann&lt;/b&gt;');
    expect(mail.html).toContain('href="https://app.example.com/admin/withdrawals"');
    expect(mail.html).toContain('href="https://app.example.com/admin/subscription-settings"');
  });

  it('adminNewWork leaves out the total where the server keeps no count of the kind, and words one item alone', () => {
    const values = newWorkMailValues({
      kind: 'unreadMessages',
      since: '2026-11-23T11:49:30.000Z',
      arrivals: { items: [{ at: '2026-11-23T11:52:04.000Z', who: 'Ann', what: 'Hello' }], total: 1 },
      waiting: null,
      reviewLink: 'l',
      settingsLink: 's',
    });
    expect(values).toMatchObject({ newSummary: '1 new contact message', waitingSummary: '', newCount: '1' });
    expect(values.newItems).not.toContain('more');
    expect(renderEmail(DEFAULT_EMAIL_TEMPLATES.adminNewWork, values).text).not.toContain('in all');
  });

  it('adminTestMail names when it was asked for and links the back-office', () => {
    const mail = renderEmail(
      DEFAULT_EMAIL_TEMPLATES.adminTestMail,
      adminTestMailValues({ sentAt: '2026-11-23T12:05:09.000Z', adminLink: 'https://app.example.com/admin/dashboard' }),
    );
    expect(mail.subject).toBe('GoldBot admin: test mail');
    expect(mail.text).toContain('Nov 23, 2026, 12:05 UTC');
    expect(mail.html).toContain('href="https://app.example.com/admin/dashboard"');
  });

  it('subscriptionExpiryReminder names the package, its last day and the days left, escaped', () => {
    const mail = renderEmail(
      DEFAULT_EMAIL_TEMPLATES.subscriptionExpiryReminder,
      expiryReminderMailValues({
        username: '<b>jane</b>',
        packageName: 'Pro Package',
        endDate: '2026-11-30',
        daysLeft: 3,
        dashboardLink: 'https://app.example.com/dashboard',
      }),
    );
    expect(mail.subject).toBe('GoldBot: your Pro Package ends in 3 days');
    expectBothSay(mail, 'Nov 30, 2026', 'in 3 days');
    expect(mail.html).toContain('&lt;b&gt;jane&lt;/b&gt;');
    expect(mail.html).toContain('href="https://app.example.com/dashboard"');
  });

  const refund = {
    username: '<b>jane</b>',
    packageName: 'Pro Package',
    amountPaid: 250.37,
    trc20Address: 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8',
    dashboardLink: 'https://app.example.com/dashboard',
  };
  const PAYOUT = '5c8e2f0a9b7d6c4e3f1a2b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d0e';

  it('refundApproved carries the payout TXID linked to the block explorer, the amount paid back and the note', () => {
    const mail = renderEmail(
      DEFAULT_EMAIL_TEMPLATES.refundApproved,
      refundMailValues({ ...refund, decision: 'approved', payoutTxid: PAYOUT, note: 'Sent <today>' }),
    );
    expect(mail.subject).toBe('GoldBot: your refund of 250.37 USDT has been sent');
    expectBothSay(mail, PAYOUT, 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8');
    expect(mail.html).toContain(`href="https://tronscan.org/#/transaction/${PAYOUT}"`);
    expect(mail.html).toContain('Sent &lt;today&gt;');
    expect(mail.html).toContain('&lt;b&gt;jane&lt;/b&gt;');
    const silent = renderEmail(
      DEFAULT_EMAIL_TEMPLATES.refundApproved,
      refundMailValues({ ...refund, decision: 'approved', payoutTxid: PAYOUT, note: null }),
    );
    expect(silent.text).not.toContain('Note from our team');
  });

  it('refundRefused carries the reason, escaped, and says the package continues', () => {
    const mail = renderEmail(
      DEFAULT_EMAIL_TEMPLATES.refundRefused,
      refundMailValues({ ...refund, decision: 'refused', reason: 'Asked after the <7 days>.' }),
    );
    expect(mail.subject).toBe('GoldBot: your refund request for the Pro Package was not approved');
    expect(mail.html).toContain('Asked after the &lt;7 days&gt;.');
    expect(mail.text).toContain('Asked after the <7 days>.');
    expect(mail.text).toContain('continues as before');
  });

  it.each(types)('%s never disables escaping (no triple-stash placeholders)', (type) => {
    expect(DEFAULT_EMAIL_TEMPLATES[type].html).not.toMatch(/\{\{\{|\{\{&/);
  });
});

describe('renderEmail', () => {
  const hostile = '<script>alert("x")</script><img src=x onerror=alert(1)>';

  it('escapes HTML in values, so a username like <script> arrives as text', () => {
    const mail = renderEmail(DEFAULT_EMAIL_TEMPLATES.passwordResetOtp, { ...values, username: hostile });
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    // The text part shows what the person typed, as plain text.
    expect(mail.text).toContain(hostile);
  });

  it('keeps the subject on one line whatever the values contain (no header injection)', () => {
    const mail = renderEmail(
      { subject: 'Hello {{username}}, your code', html: '<p>{{code}}</p>' },
      { ...values, username: 'x\r\nBcc: victim@example.com\nX: y' },
    );
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toBe('Hello x Bcc: victim@example.com X: y, your code');
    for (const type of types) {
      // Every placeholder given (mail is strict about missing values), the username with line breaks.
      const given = {
        ...(isAdminTemplateType(type) ? sampleValues(type, 'https://goldbot.example/dashboard') : {}),
        ...values,
        username: 'x\r\nBcc: victim@example.com',
      };
      expect(renderEmail(DEFAULT_EMAIL_TEMPLATES[type], given).subject).not.toMatch(/[\r\n]/);
    }
  });

  it('does not HTML-escape the plain-text subject', () => {
    const mail = renderEmail({ subject: 'For {{username}}', html: '' }, { ...values, username: 'Tom & Jerry' });
    expect(mail.subject).toBe('For Tom & Jerry');
  });

  it('renders a text version without tags or styles', () => {
    const mail = renderEmail(DEFAULT_EMAIL_TEMPLATES.passwordResetOtp, values);
    expect(mail.text).not.toMatch(/<[^>]+>/);
    expect(mail.text).not.toMatch(/font-size|background/);
    expect(mail.text.split('\n').length).toBeGreaterThan(3);
  });

  it('uses stored (admin-edited) templates the same way', () => {
    const mail = renderEmail({ subject: 'Code {{code}}', html: '<b>{{code}}</b> for {{username}}' }, values);
    expect(mail).toEqual({ subject: 'Code 0482', html: '<b>0482</b> for jane_doe', text: '0482 for jane_doe' });
  });
});
