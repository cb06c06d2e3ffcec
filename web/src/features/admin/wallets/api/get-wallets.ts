import { walletsResponseSchema } from '@goldbot/shared';
import { useRouteRead } from '@/hooks/use-api-query';

/** GET /api/payment/wallets: the payment wallets; re-read after every save (activating one deactivates others). */
export function useWallets() {
  return useRouteRead('payment-wallets', walletsResponseSchema);
}
