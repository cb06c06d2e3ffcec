import { appLink, config } from '../config.js';
import { loadEmailTemplate } from '../data/email-template-store.js';
import { dynamoWalletStore } from '../data/wallet-store.js';
import { mailEveryAdmin, type WalletActivation, type WalletDeps } from '../domain/commerce/wallets.js';
import { walletActivatedMailValues } from '../domain/email/templates.js';
import { newId } from '../kit/ids.js';
import { logFailure, type Logger } from '../kit/logger.js';
import { templateMailer } from './template-mail.js';

/**
 * The notice that a different wallet receives payments now, to every administrator: the members
 * of the Cognito `admin` group (ListUsersInGroup) and the `walletActivated` template (an admin's
 * edit or the default), read once and sent to each.
 */
export async function announceWalletActivation(activation: WalletActivation): Promise<void> {
  // Loaded on the first activation only: a save that activates nothing never needs Cognito.
  const { adminEmails } = await import('../adapters/cognito-directory.js');
  const [admins, template] = await Promise.all([adminEmails(), loadEmailTemplate('walletActivated')]);
  const values = walletActivatedMailValues({
    ...activation,
    walletsLink: appLink('/admin/wallets'),
  });
  await mailEveryAdmin(admins, (to) => templateMailer.send(to, template, values));
}

/** The wallet save as the route runs it: the table, the MFA switch and the announcement, logged on failure. */
export const saveWalletDeps = (log: Logger): WalletDeps => ({
  store: dynamoWalletStore,
  now: () => new Date(),
  newId,
  freshTotpRequired: config.adminMfaRequired,
  announceActivation: announceWalletActivation,
  onAnnounceFailure: logFailure(log, 'wallet activation mail failed; the activation stands', 'walletId'),
});
