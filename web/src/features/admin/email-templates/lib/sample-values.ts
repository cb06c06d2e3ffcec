import { PACKAGE_NAMES, WITHDRAWAL } from '@goldbot/shared';

/**
 * The values the preview fills in, shaped as the server formats them (dates as 'Jul 1, 2026',
 * Ultimate's end as 'Lifetime'). The note carries characters HTML must escape, so the preview shows
 * that values arrive as text, as in the sent mail.
 */
const PACKAGE_SAMPLES = {
  basic: { packageName: PACKAGE_NAMES.basic, startDate: 'Jul 1, 2026', endDate: 'Jul 31, 2026' },
  pro: { packageName: PACKAGE_NAMES.pro, startDate: 'Jul 1, 2026', endDate: 'Dec 31, 2026' },
  ultimate: { packageName: PACKAGE_NAMES.ultimate, startDate: 'Jun 12, 2026', endDate: 'Lifetime' },
  freeTrial: { packageName: PACKAGE_NAMES.freeTrial, startDate: 'Jun 12, 2026', endDate: 'Jul 12, 2026' },
} as const;

function packageSample(type: string) {
  if (type.startsWith('basic')) return PACKAGE_SAMPLES.basic;
  if (type.startsWith('ultimate')) return PACKAGE_SAMPLES.ultimate;
  if (type.startsWith('freeTrial')) return PACKAGE_SAMPLES.freeTrial;
  return PACKAGE_SAMPLES.pro;
}

export function sampleValues(type: string, placeholders: readonly string[], origin: string): Record<string, string> {
  const known: Record<string, string> = {
    username: 'trader42',
    ...packageSample(type),
    dashboardLink: `${origin}/dashboard`,
    copyTradingLink: 'https://broker.example/copy-trading/goldbot',
    amount: String(WITHDRAWAL.minimumUsd),
    trc20Address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE',
    network: WITHDRAWAL.network,
    requestDate: 'Jun 10, 2026',
    processingHours: WITHDRAWAL.processingHours,
    adminNote: 'Sent in one transfer & confirmed <on-chain>',
    code: '482913',
    expiresInMinutes: '10',
    newEmail: 'new-address@example.com',
    daysLeft: '3',
  };
  const values: Record<string, string> = {};
  for (const name of placeholders) values[name] = Object.hasOwn(known, name) ? (known[name] ?? '') : `[${name}]`;
  return values;
}
