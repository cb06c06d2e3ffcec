import { describe, expect, it } from 'vitest';
import { SETTINGS_MESSAGES, TEMPLATE_HTML_MAX_LENGTH, emailTemplatePreviewResponseSchema } from '@goldbot/shared';
import { ValidationError } from '../../src/domain/errors.js';
import { renderEmail } from '../../src/domain/email/render.js';
import { checkTemplate } from '../../src/domain/email/template-check.js';
import { previewTemplate } from '../../src/domain/email/template-preview.js';
import { ADMIN_TEMPLATE_TYPES, TEMPLATE_PLACEHOLDERS, sampleValues } from '../../src/domain/email/template-rules.js';
import { DEFAULT_EMAIL_TEMPLATES } from '../../src/domain/email/templates.js';

const LINK = 'https://goldbot.example/dashboard';
const preview = (type: string, subject: string, html: string) => previewTemplate({ type, subject, html }, LINK);

describe('previewTemplate', () => {
  it.each(ADMIN_TEMPLATE_TYPES)('renders the %s default exactly as its mail, with the sample values', (type) => {
    const answer = preview(type, DEFAULT_EMAIL_TEMPLATES[type].subject, DEFAULT_EMAIL_TEMPLATES[type].html);
    const values = sampleValues(type, LINK);
    expect(emailTemplatePreviewResponseSchema.parse(answer)).toEqual({
      success: true,
      ...renderEmail(DEFAULT_EMAIL_TEMPLATES[type], values),
      problems: [],
      values,
    });
    expect(Object.keys(answer.values)).toEqual([...TEMPLATE_PLACEHOLDERS[type]]);
  });

  it('escapes the sample values in the body and not in the subject', () => {
    const answer = preview('withdrawalRejected', 'Note: {{adminNote}}', '<p>{{adminNote}}</p>');
    expect(answer.subject).toBe('Note: Sent in one transfer & confirmed <on-chain>');
    expect(answer.html).toBe('<p>Sent in one transfer &amp; confirmed &lt;on-chain&gt;</p>');
    expect(answer.text).toBe('Sent in one transfer & confirmed <on-chain>');
  });

  it('dates and names the package of the type', () => {
    expect(preview('ultimatePackagePaymentVerified', '{{packageName}} until {{endDate}}', 'x').subject).toBe(
      'Ultimate Package until Lifetime',
    );
    expect(preview('basicPackagePaymentVerified', '{{packageName}} from {{startDate}}', 'x').subject).toBe(
      'Basic Package from Jul 1, 2026',
    );
  });

  it('answers the save’s reasons for a part it would refuse, and renders the other part', () => {
    const answer = preview('paymentPending', 'Hi {{startDate}}', '<p>{{username}}</p>');
    expect(answer.problems).toEqual(checkTemplate('paymentPending', { subject: 'Hi {{startDate}}', html: '' }));
    expect(answer.problems).toEqual([
      {
        part: 'subject',
        message: SETTINGS_MESSAGES.placeholderNotOffered(
          'paymentPending subject',
          'startDate',
          TEMPLATE_PLACEHOLDERS.paymentPending,
        ),
      },
    ]);
    expect(answer).toMatchObject({ subject: null, html: '<p>trader42</p>', text: 'trader42' });

    const unescaped = preview('paymentPending', 'Hi', '<p>{{{username}}}</p>');
    expect(unescaped).toMatchObject({ subject: 'Hi', html: null, text: null });
    expect(unescaped.problems).toEqual([
      {
        part: 'html',
        message: SETTINGS_MESSAGES.templateInvalid(
          'paymentPending',
          '{{{username}}} and {{&username}} insert the value without HTML escaping, which is not allowed; write {{username}}',
        ),
      },
    ]);
    const broken = preview('paymentPending', 'Hi', '<p>{{#if username}}Hi</p>');
    expect(broken.problems[0]?.message).toBe(
      SETTINGS_MESSAGES.templateInvalid('paymentPending', '{{#if}} is never closed: add {{/if}} (line 1)'),
    );
  });

  it('renders an empty draft as empty parts', () => {
    expect(preview('freeTrial', '', '')).toMatchObject({ subject: '', html: '', text: '', problems: [] });
  });

  it('refuses a type the editor does not list, with the save’s message', () => {
    expect(() => preview('otpVerification', 'x', 'y')).toThrow(ValidationError);
    expect(() => preview('otpVerification', 'x', 'y')).toThrow(SETTINGS_MESSAGES.unknownTemplate('otpVerification'));
  });

  it('renders a template at the longest the editor allows', () => {
    const html = `<p>{{username}}</p>${'x'.repeat(TEMPLATE_HTML_MAX_LENGTH - 20)}`;
    expect(preview('freeTrial', 's', html).html).toHaveLength(TEMPLATE_HTML_MAX_LENGTH - 20 + 15);
  });
});
