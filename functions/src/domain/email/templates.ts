import Handlebars from 'handlebars';

/**
 * The one e-mail template module. Templates are HTML with `{{placeholders}}`, rendered with
 * handlebars' default HTML escaping, so a username like `<script>` arrives as text. Stored
 * templates (edited in the admin e-mail editor) override these defaults.
 */
export interface EmailTemplate {
  subject: string;
  html: string;
}

/** The 11 editable types of admin spec §3 (docs/data-model.md E19), then the built-in account mails. */
export const EDITABLE_TEMPLATE_TYPES = [
  'paymentVerified',
  'paymentPending',
  'subscriptionActivation',
  'freeTrial',
  'freeTrialActivated',
  'basicPackagePaymentVerified',
  'basicPackagePaymentPending',
  'proPackagePaymentVerified',
  'proPackagePaymentPending',
  'ultimatePackagePaymentVerified',
  'ultimatePackagePaymentPending',
] as const;
export type EditableTemplateType = (typeof EDITABLE_TEMPLATE_TYPES)[number];
export type EmailTemplateType =
  | EditableTemplateType
  | 'otpVerification'
  | 'passwordResetOtp'
  | 'emailChangeOtp'
  | 'emailChanged';

const layout = (title: string, body: string) => `<!doctype html>
<html><body style="margin:0;background:#0b1220;font-family:Arial,Helvetica,sans-serif;color:#e6e9ef">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#111a2e;border-radius:12px;padding:32px">
<tr><td><h1 style="margin:0 0 16px;color:#d4af37;font-size:22px">${title}</h1>${body}
<p style="margin-top:32px;font-size:12px;color:#8a93a6">GoldBot · Automated XAUUSD trading. Trading involves risk.</p>
</td></tr></table></td></tr></table></body></html>`;

export const DEFAULT_EMAIL_TEMPLATES: Record<EmailTemplateType, EmailTemplate> = {
  otpVerification: {
    subject: 'Your GoldBot verification code',
    html: layout(
      'Verify your email',
      `<p>Hello,</p><p>Your verification code is:</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;color:#d4af37">{{code}}</p>
<p>It expires in {{expiresInMinutes}} minutes. If you did not create an account, ignore this email.</p>`,
    ),
  },
  passwordResetOtp: {
    subject: 'Your GoldBot password reset code',
    html: layout(
      'Reset your password',
      `<p>Hi {{username}},</p><p>Use this code to reset your password:</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;color:#d4af37">{{code}}</p>
<p>It expires in {{expiresInMinutes}} minutes. If you did not ask for a reset, you can ignore this email; your password stays the same.</p>`,
    ),
  },
  // Sent to an address nobody has proven yet: no username in it (docs/security.md L7).
  emailChangeOtp: {
    subject: 'Confirm your new GoldBot email',
    html: layout(
      'Confirm your new email',
      `<p>Hello,</p><p>Someone asked to use this address for their GoldBot account. To confirm, enter this code:</p>
<p style="font-size:32px;letter-spacing:8px;font-weight:bold;color:#d4af37">{{code}}</p>
<p>It expires in {{expiresInMinutes}} minutes. If this was not you, ignore this email: nothing changes without the code.</p>`,
    ),
  },
  emailChanged: {
    subject: 'Your GoldBot email was changed',
    html: layout(
      'Your email was changed',
      `<p>Hi {{username}},</p><p>The email address of your GoldBot account was changed to <strong>{{newEmail}}</strong>, and every session was signed out.</p>
<p>If you did not do this, contact support at once by replying to this email.</p>`,
    ),
  },
};

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const compiled = new Map<string, HandlebarsTemplateDelegate>();
function compile(source: string): HandlebarsTemplateDelegate {
  let template = compiled.get(source);
  if (!template) {
    template = Handlebars.compile(source, { strict: false, noEscape: false });
    compiled.set(source, template);
  }
  return template;
}

export function htmlToText(html: string): string {
  return html
    .replace(/<(style|script)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/(p|h\d|tr|div)>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&#x3D;/g, '=')
    .replace(/&#x60;/g, '`')
    .replace(/[ \t]+/g, ' ')
    .replace(/\n\s*\n+/g, '\n\n')
    .trim();
}

export function renderEmail(template: EmailTemplate, values: Record<string, string | number>): RenderedEmail {
  const html = compile(template.html)(values);
  // Subjects are plain text: render without HTML escaping, but strip line breaks (header injection).
  const subject = Handlebars.compile(template.subject, { noEscape: true })(values).replace(/[\r\n]+/g, ' ');
  return { subject, html, text: htmlToText(html) };
}
