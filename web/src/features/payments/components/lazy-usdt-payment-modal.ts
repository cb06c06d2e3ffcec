import { lazy } from 'react';

/**
 * The USDT payment window, loaded when a customer first opens it: most dashboard visits never pay,
 * and the window brings the QR code library and the payment form.
 */
export const LazyUsdtPaymentModal = lazy(() =>
  import('./usdt-payment-modal').then((module) => ({ default: module.UsdtPaymentModal })),
);
