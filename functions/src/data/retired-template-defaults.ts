import type { AdminTemplateType } from '../domain/email/template-rules.js';
import type { EmailTemplate } from '../domain/email/templates.js';

/**
 * Built-in defaults that were replaced by a better default, kept verbatim so the seeding can tell a
 * stored template that still holds one (nobody edited it) from an admin's edit. Such an item is
 * moved to today's default (seed-items.ts, migrateRetiredDefaults); an edited one is left alone.
 * Only the seeders import this module: no mail function bundles these strings.
 */
export interface RetiredDefault {
  type: AdminTemplateType;
  template: EmailTemplate;
}

export const RETIRED_DEFAULTS: readonly RetiredDefault[] = [
  {
    // Pointed at the dashboard for copy-trading details the dashboard did not have; today's default
    // carries {{copyTradingLink}} as its main button.
    type: 'freeTrialActivated',
    template: {
      subject: 'GoldBot: free trial activated',
      html: `<!doctype html>
<html><body style="margin:0;background:#0b1220;font-family:Arial,Helvetica,sans-serif;color:#e6e9ef">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="background:#111a2e;border-radius:12px;padding:32px">
<tr><td><h1 style="margin:0 0 16px;color:#d4af37;font-size:22px">Free trial activated</h1><p>Hi {{username}},</p><p>Your free trial is active: you now have 30 days of access to copy trading.</p>
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:16px 0;color:#e6e9ef">
<tr><td style="padding:4px 16px 4px 0;color:#8a93a6">Start date</td><td style="padding:4px 0"><strong>{{startDate}}</strong></td></tr>
<tr><td style="padding:4px 16px 4px 0;color:#8a93a6">End date</td><td style="padding:4px 0"><strong>{{endDate}}</strong></td></tr>
</table>
<p>Your copy-trading details are in your dashboard. Copy trading is free: you share 70% of the profit and pay nothing if there is none.</p>
<p style="margin:24px 0"><a href="{{dashboardLink}}" style="background:#d4af37;color:#0b1220;text-decoration:none;font-weight:bold;padding:12px 20px;border-radius:8px;display:inline-block">Go to your dashboard</a></p>
<p style="margin-top:32px;font-size:12px;color:#8a93a6">GoldBot · Automated XAUUSD trading. Trading involves risk.</p>
</td></tr></table></td></tr></table></body></html>`,
    },
  },
];
