import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES } from '@goldbot/shared';
import { renderEmail } from '../../src/domain/email/render.js';
import {
  checkTemplate,
  checkTemplateSource,
  describeParseError,
  placeholdersUsed,
} from '../../src/domain/email/template-check.js';
import {
  ADMIN_TEMPLATE_TYPES,
  TEMPLATE_PLACEHOLDERS,
  isAdminTemplateType,
  type AdminTemplateType,
} from '../../src/domain/email/template-rules.js';
import {
  DEFAULT_EMAIL_TEMPLATES,
  EDITABLE_TEMPLATE_TYPES,
  botConnectedMailValues,
  expiryReminderMailValues,
  freeTrialMailValues,
  refundMailValues,
  subscriptionMailValues,
  newWorkMailValues,
  walletActivatedMailValues,
  unmatchedTransferMailValues,
  amountPoolLowMailValues,
  withdrawalMailValues,
} from '../../src/domain/email/templates.js';

/** What an admin may write in a template: offered placeholders only, escaping always on. */
const html = (source: string) => checkTemplateSource('paymentVerified', 'html', source);
const reason = (source: string) => html(source)?.message;

describe('the types and their placeholders', () => {
  it('lists the 11 types of the spec, the withdrawal decisions, the expiry reminder, the admin notices, the new-work mail, the refund decisions and the bot connection notice', () => {
    expect(ADMIN_TEMPLATE_TYPES).toEqual([
      ...EDITABLE_TEMPLATE_TYPES,
      'withdrawalApproved',
      'withdrawalRejected',
      'subscriptionExpiryReminder',
      'walletActivated',
      'adminNewWork',
      'refundApproved',
      'refundRefused',
      'unmatchedTransfer',
      'amountPoolLow',
      'botConnected',
    ]);
    expect(isAdminTemplateType('paymentPending')).toBe(true);
    // The code mails are built in: never editable (a template could otherwise drop the code).
    for (const type of [
      'otpVerification',
      'passwordResetOtp',
      'emailChangeOtp',
      'emailChanged',
      'adminTestMail',
      'nope',
    ]) {
      expect(isAdminTemplateType(type)).toBe(false);
    }
  });

  it('offers no package name in the free-trial mails and no dates in the pending ones', () => {
    expect(TEMPLATE_PLACEHOLDERS.freeTrial).toEqual(['username', 'startDate', 'endDate', 'dashboardLink']);
    // The mail the free trial sends also carries the link it delivers.
    expect(TEMPLATE_PLACEHOLDERS.freeTrialActivated).toEqual([
      'username',
      'startDate',
      'endDate',
      'dashboardLink',
      'copyTradingLink',
    ]);
    for (const type of EDITABLE_TEMPLATE_TYPES.filter((t) => t.endsWith('Pending'))) {
      // ...but the exact amount of the payment's order, what the customer sent.
      expect(TEMPLATE_PLACEHOLDERS[type]).toEqual(['username', 'packageName', 'amount', 'dashboardLink']);
    }
    for (const type of ['paymentVerified', 'subscriptionActivation', 'proPackagePaymentVerified'] as const) {
      expect(TEMPLATE_PLACEHOLDERS[type]).toEqual(['username', 'packageName', 'startDate', 'endDate', 'dashboardLink']);
    }
    expect(TEMPLATE_PLACEHOLDERS.subscriptionExpiryReminder).toEqual([
      'username',
      'packageName',
      'endDate',
      'daysLeft',
      'dashboardLink',
    ]);
    expect(TEMPLATE_PLACEHOLDERS.withdrawalRejected).toContain('adminNote');
  });

  it.each(ADMIN_TEMPLATE_TYPES)('the default of %s passes its own rules and uses only what it offers', (type) => {
    expect(checkTemplate(type, DEFAULT_EMAIL_TEMPLATES[type])).toEqual([]);
    const used = [
      ...placeholdersUsed(DEFAULT_EMAIL_TEMPLATES[type].html),
      ...placeholdersUsed(DEFAULT_EMAIL_TEMPLATES[type].subject),
    ];
    for (const name of used) expect(TEMPLATE_PLACEHOLDERS[type]).toContain(name);
  });
});

describe('the values each mail is sent with', () => {
  const withdrawal = {
    username: 'u',
    amount: 1,
    trc20Address: 'T',
    requestDate: '2026-11-23T12:00:00.000Z',
    adminNote: null,
    dashboardLink: 'l',
  };
  const refund = { username: 'u', packageName: 'p', amountPaid: 250.37, trc20Address: 'T', dashboardLink: 'l' };
  /** The mails sent with values of their own; every other one is a subscription mail. */
  const ownValues: Partial<Record<AdminTemplateType, Record<string, string>>> = {
    withdrawalApproved: withdrawalMailValues({ ...withdrawal, payoutTxid: 'ab'.repeat(32) }),
    withdrawalRejected: withdrawalMailValues(withdrawal),
    walletActivated: walletActivatedMailValues({
      currency: 'USDT',
      network: 'TRC20',
      address: 'T',
      previousAddress: null,
      activatedBy: 'a@example.com',
      activatedAt: '2026-11-23T12:00:00.000Z',
      walletsLink: 'l',
    }),
    botConnected: botConnectedMailValues({
      username: 'u',
      packageName: 'p',
      broker: 'b',
      server: 's',
      accountNumber: '1234',
      connectedAt: '2026-11-23T12:00:00.000Z',
      dashboardLink: 'l',
    }),
    adminNewWork: newWorkMailValues({
      kind: 'pendingPayments',
      since: '2026-11-23T12:00:00.000Z',
      arrivals: { items: [], total: 0 },
      waiting: null,
      reviewLink: 'l',
      settingsLink: 's',
    }),
    refundApproved: refundMailValues({ ...refund, decision: 'approved', payoutTxid: 'a'.repeat(64), note: null }),
    refundRefused: refundMailValues({ ...refund, decision: 'refused', reason: 'r' }),
    unmatchedTransfer: unmatchedTransferMailValues({
      amount: '60.37',
      txid: 't',
      from: 'T',
      wallet: 'T',
      confirmedAt: '2026-11-23T12:00:00.000Z',
      reason: 'r',
      closeOrders: 1,
      transfersLink: 'l',
    }),
    amountPoolLow: amountPoolLowMailValues({
      priceCents: 6000,
      freeAmounts: 17,
      totalAmounts: 99,
      seenAt: '2026-11-23T12:00:00.000Z',
      paymentsLink: 'l',
    }),
    subscriptionExpiryReminder: expiryReminderMailValues({
      username: 'u',
      packageName: 'p',
      endDate: '2027-01-01',
      daysLeft: 3,
      dashboardLink: 'l',
    }),
  };
  const subscriptionValues = (type: AdminTemplateType) => {
    const subscription = {
      username: 'u',
      packageName: 'p',
      startDate: null,
      endDate: null,
      dashboardLink: 'l',
      // The pending mails are sent with the exact amount of the payment's order.
      ...(TEMPLATE_PLACEHOLDERS[type].includes('amount') ? { amount: 100.37 } : {}),
    };
    if (type === 'freeTrialActivated') return freeTrialMailValues({ ...subscription, copyTradingLink: 'c' });
    return subscriptionMailValues(subscription);
  };
  // Mail is compiled with `strict`: an offered placeholder without a value would fail the send.
  const sent = Object.fromEntries(
    ADMIN_TEMPLATE_TYPES.map((type) => [type, ownValues[type] ?? subscriptionValues(type)]),
  ) as Record<AdminTemplateType, Record<string, string>>;

  it.each(ADMIN_TEMPLATE_TYPES)('carry every placeholder %s offers', (type) => {
    for (const name of TEMPLATE_PLACEHOLDERS[type]) expect(Object.keys(sent[type])).toContain(name);
  });
});

describe('accepted', () => {
  it.each([
    ['plain HTML', '<p>Hello</p>'],
    ['placeholders', '<p>Hi {{username}}, your {{packageName}} ends {{endDate}}.</p>'],
    ['spaces and the ~ whitespace control', '<p>{{ username }} {{~username~}}</p>'],
    ['an if/else on a placeholder', '{{#if packageName}}<b>{{packageName}}</b>{{else}}your package{{/if}}'],
    ['an else-if chain', '{{#if startDate}}a{{else if endDate}}b{{else}}c{{/if}}'],
    ['unless', '{{#unless endDate}}Lifetime{{/unless}}'],
    ['comments', '{{!-- internal note --}}{{! short }}<p>x</p>'],
    ['escaped braces', '<p>\\{{username}} is written literally</p>'],
  ])('%s', (_name, source) => {
    expect(html(source)).toBeNull();
  });
});

describe('refused, with the reason', () => {
  it('a placeholder the type does not offer, naming what it offers', () => {
    expect(checkTemplateSource('freeTrial', 'html', '<p>{{packageName}}</p>')?.message).toBe(
      SETTINGS_MESSAGES.placeholderNotOffered('freeTrial', 'packageName', TEMPLATE_PLACEHOLDERS.freeTrial),
    );
    expect(checkTemplateSource('paymentPending', 'html', '<p>{{#if endDate}}x{{/if}}</p>')?.message).toBe(
      'The paymentPending template uses {{endDate}}, which this e-mail does not offer. Available: {{username}}, {{packageName}}, {{amount}}, {{dashboardLink}}',
    );
    expect(reason('{{userName}}')).toContain('uses {{userName}}');
  });

  it('a block that is never closed', () => {
    expect(reason('<p>{{#if username}}Hi')).toBe(
      SETTINGS_MESSAGES.templateInvalid('paymentVerified', '{{#if}} is never closed: add {{/if}} (line 1)'),
    );
    expect(reason('<p>\n{{#if}}Hi')).toBe(
      SETTINGS_MESSAGES.templateInvalid('paymentVerified', '{{#if}} is never closed: add {{/if}} (line 2)'),
    );
  });

  it('blocks closed by the wrong name, broken expressions', () => {
    expect(reason('{{#if username}}x{{/unless}}')).toBe(
      SETTINGS_MESSAGES.templateInvalid('paymentVerified', '{{#if}} is closed by {{/unless}} on line 1'),
    );
    expect(reason('<p>{{username</p>')).toMatch(
      /^The paymentVerified template does not compile: a \{\{ \}\} expression/,
    );
    expect(reason('<p>{{username}')).toMatch(/does not compile/);
  });

  it('raw output: triple-stash and {{& }} would let customer data through unescaped', () => {
    for (const source of ['<p>{{{username}}}</p>', '<p>{{& username}}</p>']) {
      expect(reason(source)).toBe(
        SETTINGS_MESSAGES.templateInvalid(
          'paymentVerified',
          '{{{username}}} and {{&username}} insert the value without HTML escaping, which is not allowed; write {{username}}',
        ),
      );
    }
  });

  it.each([
    ['partials', '{{> footer}}', 'partials'],
    ['partial blocks', '{{#> layout}}x{{/layout}}', 'partials'],
    ['other block helpers', '{{#each username}}x{{/each}}', '{{#each}} is not allowed'],
    ['with', '{{#with username}}x{{/with}}', '{{#with}} is not allowed'],
    ['helper calls', '{{lookup username 1}}', 'calls a helper'],
    ['hash arguments', '{{username style="x"}}', 'calls a helper'],
    ['sub-expressions', '{{#if (username)}}x{{/if}}', 'only placeholder names'],
    ['if without a placeholder', '{{#if}}x{{/if}}', 'needs exactly one placeholder'],
    ['if on two', '{{#if username packageName}}x{{/if}}', 'needs exactly one placeholder'],
    ['paths', '{{username.length}}', 'not allowed'],
    ['parent paths', '{{../username}}', 'not allowed'],
    ['this', '{{this}}', 'not allowed'],
    ['data variables', '{{@root}}', 'not allowed'],
    ['literals', '{{"text"}}', 'only placeholder names'],
    ['decorators', '{{* inline}}', 'decorators'],
    [
      'block parameters',
      '{{#if username as |packageName|}}{{packageName}}{{/if}}',
      'as |packageName|}} is not allowed',
    ],
  ])('%s', (_name, source, words) => {
    const message = reason(source);
    expect(message).toMatch(/^The paymentVerified template does not compile: /);
    expect(message).toContain(words);
  });

  it('checks the subject with the same rules and says it is the subject', () => {
    const problems = checkTemplate('paymentPending', { subject: 'Hi {{startDate}}', html: '<p>{{username}}</p>' });
    expect(problems).toEqual([
      {
        part: 'subject',
        message: SETTINGS_MESSAGES.placeholderNotOffered(
          'paymentPending subject',
          'startDate',
          TEMPLATE_PLACEHOLDERS.paymentPending,
        ),
      },
    ]);
    expect(checkTemplate('paymentPending', { subject: '{{{username}}}', html: '{{#if x}}' })).toHaveLength(2);
  });

  it('reads any other parser message as its first line', () => {
    expect(describeParseError('x', new Error('Something odd'))).toBe('Something odd');
  });
});

describe("the editor's messages", () => {
  /**
   * Every refusal as the editor worded it when mail still had its own template reader, recorded
   * then: the admin reads the same sentence now that the check walks handlebars' tree alone.
   * Keys are the HTML part of a withdrawalApproved template, or `subject:` and the subject.
   */
  const recorded = JSON.parse(
    readFileSync(new URL('../fixtures/mail-golden/editor-messages.json', import.meta.url), 'utf8'),
  ) as Record<string, string>;

  it.each(Object.entries(recorded))('%j is refused with the same sentence', (key, message) => {
    const [part, source] = key.startsWith('subject:') ? (['subject', key.slice(8)] as const) : (['html', key] as const);
    expect(checkTemplateSource('withdrawalApproved', part, source)?.message).toBe(message);
  });

  it('covers unknown placeholders, broken templates and every unescaped form', () => {
    const messages = Object.values(recorded);
    expect(messages.filter((m) => m.includes('which this e-mail does not offer')).length).toBeGreaterThanOrEqual(3);
    expect(messages.filter((m) => m.includes('not written correctly')).length).toBeGreaterThanOrEqual(5);
    const unescaped = Object.keys(recorded).filter((key) => recorded[key]?.includes('without HTML escaping'));
    for (const form of ['{{{', '{{~{', '{{&', '{{& ', '{{~&']) {
      expect(unescaped.some((key) => key.includes(form))).toBe(true);
    }
  });
});

describe('sending an accepted template', () => {
  it('escapes every value and refuses helpers at send time too', () => {
    const values = subscriptionMailValues({
      username: '<img src=x onerror=alert(1)>',
      packageName: 'Pro Package',
      startDate: '2026-12-01',
      endDate: '2027-05-31',
      dashboardLink: 'https://goldbot.example/dashboard?a=1&b=2',
    });
    const mail = renderEmail(
      { subject: 'For {{username}}', html: '<p>Hi {{username}}</p><a href="{{dashboardLink}}">Open</a>' },
      values,
    );
    expect(mail.html).toContain('&lt;img src&#x3D;x onerror&#x3D;alert(1)&gt;');
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('href="https://goldbot.example/dashboard?a&#x3D;1&amp;b&#x3D;2"');
    // Subjects are plain text, never HTML: the value as typed, no entities.
    expect(mail.subject).toBe('For <img src=x onerror=alert(1)>');
    expect(mail.text).toContain('Open (https://goldbot.example/dashboard?a=1&b=2)');
    expect(() => renderEmail({ subject: 's', html: '{{#each username}}x{{/each}}' }, values)).toThrow();
  });
});
