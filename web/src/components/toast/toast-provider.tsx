import { createContext, use, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { TOAST_MS } from '@goldbot/shared';
import type { Toast, ToastApi, ToastOptions } from './toast-types';
import { ToastViewport } from './toast-viewport';

/** More would cover the page; the oldest makes way. */
export const MAX_VISIBLE_TOASTS = 3;

const ToastContext = createContext<ToastApi | null>(null);

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const lastId = useRef(0);

  const dismissToast = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);

  const showToast = useCallback(({ message, variant = 'info', durationMs = TOAST_MS.libraryDefault }: ToastOptions) => {
    lastId.current += 1;
    const id = lastId.current;
    setToasts((current) =>
      [
        // The same message again (e.g. a second invalid submit) replaces the old toast and
        // restarts its timer instead of stacking duplicates.
        ...current.filter((toast) => toast.message !== message || toast.variant !== variant),
        { id, message, variant, durationMs },
      ].slice(-MAX_VISIBLE_TOASTS),
    );
    return id;
  }, []);

  const api = useMemo<ToastApi>(() => ({ showToast, dismissToast }), [showToast, dismissToast]);

  return (
    <ToastContext value={api}>
      {children}
      <ToastViewport toasts={toasts} onDismiss={dismissToast} />
    </ToastContext>
  );
}

export function useToast(): ToastApi {
  const context = use(ToastContext);
  if (!context) throw new Error('useToast must be used inside <ToastProvider>');
  return context;
}
