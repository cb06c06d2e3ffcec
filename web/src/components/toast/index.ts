export { MAX_VISIBLE_TOASTS, ToastProvider, useToast } from './toast-provider';
export type { Toast, ToastApi, ToastOptions, ToastVariant } from './toast-types';
