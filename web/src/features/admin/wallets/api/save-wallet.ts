import { walletSaveInputSchema, walletSaveResponseSchema, type WalletSaveInput } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { useSingleFlightCall } from '@/hooks/use-single-flight';

export { walletSaveInputSchema, walletSaveResponseSchema };
export type { WalletSaveInput };
export type WalletSaveResponse = ReturnType<typeof walletSaveResponseSchema.parse>;

/**
 * POST /api/payment/wallet {_id?, address, network, currency, isActive}: 201 added,
 * 200 updated; 400 with `errors.address|network|currency`; 409 for a duplicate address or wallets
 * changed meanwhile. Errors arrive as ApiError.
 */
export function saveWallet(input: WalletSaveInput): Promise<WalletSaveResponse> {
  return apiRequest('payment-wallet-save', { body: input, schema: walletSaveResponseSchema });
}

/** `saveWallet` one request at a time: a second call while one is on its way is ignored (null). */
export function useSaveWallet() {
  const { run, running } = useSingleFlightCall(saveWallet);
  return { save: run, isSaving: running };
}
