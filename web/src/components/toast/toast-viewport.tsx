import { useEffect, useRef, useState } from 'react';
import type { Toast } from './toast-types';
import './toast.css';

const ICONS = { success: '✓', error: '!', info: 'i' } as const;

interface ToastItemProps {
  toast: Toast;
  onDismiss: (id: number) => void;
}

function ToastItem({ toast, onDismiss }: ToastItemProps) {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const remainingMs = useRef(toast.durationMs);
  // Hover or keyboard focus holds the toast (WCAG 2.2.1): the countdown resumes with what was left.
  const paused = hovered || focused;

  useEffect(() => {
    if (paused) return;
    const startedAt = Date.now();
    const timer = setTimeout(() => onDismiss(toast.id), remainingMs.current);
    return () => {
      clearTimeout(timer);
      remainingMs.current -= Date.now() - startedAt;
    };
  }, [paused, toast.id, onDismiss]);

  const isError = toast.variant === 'error';
  return (
    <div
      className={`toast toast--${toast.variant}`}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={() => setFocused(false)}
    >
      <span className="toast__icon" aria-hidden="true">
        {ICONS[toast.variant]}
      </span>
      {/* Only the message is the live region, so the dismiss button's label is not announced with it. */}
      <p
        className="toast__message"
        role={isError ? 'alert' : 'status'}
        aria-live={isError ? 'assertive' : 'polite'}
        aria-atomic="true"
      >
        {toast.message}
      </p>
      <button
        type="button"
        className="toast__dismiss"
        aria-label="Dismiss notification"
        onClick={() => onDismiss(toast.id)}
      >
        <span aria-hidden="true">×</span>
      </button>
    </div>
  );
}

/** Top-centre overlay; newest toast last. */
export function ToastViewport({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  return (
    <div className="toast-viewport">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={onDismiss} />
      ))}
    </div>
  );
}
