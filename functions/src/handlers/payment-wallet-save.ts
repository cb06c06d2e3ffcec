import { walletSaveInputSchema } from '@goldbot/shared';
import { walletDeps } from '../wiring/wallet-deps.js';
import { saveWallet } from '../domain/commerce/wallets.js';
import { defineHandler } from '../kit/http-handler.js';
import { created, ok } from '../kit/http-response.js';

/** Adds (no `_id`, 201) or updates (`_id`, 200) a wallet; activating one switches the currency's active wallet (T9). */
export const handler = defineHandler(
  { route: 'payment-wallet-save', body: walletSaveInputSchema },
  async ({ body, caller, log }) => {
    const saved = await saveWallet(walletDeps, body, caller.userId);
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
