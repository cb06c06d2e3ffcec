import { describe, expect, it } from 'vitest';
import { renderEmail } from '../../src/domain/email/render.js';
import {
  DEFAULT_EMAIL_TEMPLATES,
  WITHDRAWAL_TEMPLATE_TYPES,
  formatMailInstant,
  withdrawalMailValues,
} from '../../src/domain/email/templates.js';

/** The withdrawal decision mails: what they say, the optional note, escaping. */
const ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const PAYOUT_TXID = 'ab'.repeat(32);
const values = (adminNote: string | null) =>
  withdrawalMailValues({
    username: 'jane_doe',
    amount: 40,
    trc20Address: ADDRESS,
    requestDate: '2026-11-21T09:30:00.000Z',
    adminNote,
    dashboardLink: 'https://goldbot.example/dashboard',
    payoutTxid: PAYOUT_TXID,
  });

describe('withdrawal decision mails', () => {
  it('are built in for both decisions, overridable like every type', () => {
    expect(WITHDRAWAL_TEMPLATE_TYPES).toEqual(['withdrawalApproved', 'withdrawalRejected']);
    for (const type of WITHDRAWAL_TEMPLATE_TYPES) expect(DEFAULT_EMAIL_TEMPLATES[type].html).toContain('{{adminNote}}');
  });

  it('approval: amount, address, network, request day, the payout TXID, the 24-48 hours and the note', () => {
    const mail = renderEmail(DEFAULT_EMAIL_TEMPLATES.withdrawalApproved, values('Paid from the hot wallet.'));
    expect(mail.subject).toBe('GoldBot: your withdrawal of $40 is approved');
    for (const part of [
      'Hi jane_doe',
      '40 USDT',
      ADDRESS,
      'TRC20',
      'Nov 21, 2026',
      PAYOUT_TXID,
      'within 24-48 hours',
      'Note from our team',
      'Paid from the hot wallet.',
    ]) {
      expect(mail.text).toContain(part);
    }
    expect(mail.html).toContain('href="https://goldbot.example/dashboard"');
    expect(mail.html).toContain(`href="https://tronscan.org/#/transaction/${PAYOUT_TXID}"`);
  });

  it('rejection: says the amount is available again, and shows the note', () => {
    const mail = renderEmail(DEFAULT_EMAIL_TEMPLATES.withdrawalRejected, values('Wrong network.'));
    expect(mail.subject).toBe('GoldBot: your withdrawal request of $40 was not approved');
    for (const part of ['40 USDT', ADDRESS, 'returned to your available referral earnings', 'Wrong network.']) {
      expect(mail.text).toContain(part);
    }
    expect(mail.text).not.toContain('24-48');
  });

  it.each(WITHDRAWAL_TEMPLATE_TYPES)('%s leaves the note block out when there is no note', (type) => {
    const mail = renderEmail(DEFAULT_EMAIL_TEMPLATES[type], values(null));
    expect(mail.text).not.toContain('Note from our team');
  });

  it.each(WITHDRAWAL_TEMPLATE_TYPES)('%s HTML-escapes the note', (type) => {
    const mail = renderEmail(DEFAULT_EMAIL_TEMPLATES[type], values('<script>alert(1)</script> & <a href=x>y</a>'));
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<a href=x>');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;a href&#x3D;x&gt;y&lt;/a&gt;');
    expect(mail.text).toContain('<script>alert(1)</script> & <a href=x>y</a>');
  });

  it('formats the request instant as a UTC day', () => {
    expect(formatMailInstant('2026-01-05T23:59:59.999Z')).toBe('Jan 5, 2026');
  });
});
