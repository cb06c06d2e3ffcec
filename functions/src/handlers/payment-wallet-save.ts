import { walletSaveInputSchema } from '@goldbot/shared';
import { dynamoWalletStore } from '../data/wallet-store.js';
import { saveWallet } from '../domain/commerce/wallets.js';
import { awsChecks } from '../kit/aws-checks.js';
import { defineHandler } from '../kit/define-handler.js';
import { created, ok } from '../kit/http-response.js';
import { newId } from '../kit/ids.js';

/** Adds (no `_id`, 201) or updates (`_id`, 200) a wallet; activating one switches the currency's active wallet (T9). */
export const handler = defineHandler(
  { route: 'payment-wallet-save', checks: awsChecks, body: walletSaveInputSchema },
  async ({ body, caller, log }) => {
    const saved = await saveWallet({ store: dynamoWalletStore, now: () => new Date(), newId }, body, caller.userId);
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
