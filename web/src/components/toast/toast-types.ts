/** The toast's types, apart from the provider so the viewport that draws them imports no provider. */
export type ToastVariant = 'success' | 'error' | 'info';

export interface ToastOptions {
  message: string;
  variant?: ToastVariant;
  /** How long the toast stays before it dismisses itself; defaults to 5 s. */
  durationMs?: number;
}

export interface Toast {
  id: number;
  message: string;
  variant: ToastVariant;
  durationMs: number;
}

export interface ToastApi {
  /** Shows a toast and returns its id. */
  showToast: (options: ToastOptions) => number;
  dismissToast: (id: number) => void;
}
