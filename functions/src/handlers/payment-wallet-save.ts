import { walletSaveInputSchema } from '@goldbot/shared';
import { saveWalletDeps } from '../wiring/wallet-activation-mail.js';
import { saveWallet } from '../domain/commerce/wallets.js';
import { awsChecks } from '../wiring/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { created, ok } from '../kit/http-response.js';

/**
 * Adds (no `_id`, 201) or updates (`_id`, 200) a wallet; activating one switches the currency's
 * active wallet, needs a fresh TOTP sign-in where admin MFA is required, and mails every
 * administrator.
 */
export const handler = defineHandler(
  { route: 'payment-wallet-save', checks: awsChecks, body: walletSaveInputSchema },
  async ({ body, caller, log }) => {
    const saved = await saveWallet(saveWalletDeps(log), body, caller);
    log.info(saved.created ? 'wallet added' : 'wallet updated', {
      walletId: saved.wallet._id,
      currency: saved.wallet.currency,
      isActive: saved.wallet.isActive,
      adminId: caller.userId,
    });
    const answer = { message: saved.message, wallet: saved.wallet };
    return saved.created ? created(answer) : ok(answer);
  },
);
