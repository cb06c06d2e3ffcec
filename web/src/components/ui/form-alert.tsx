import type { ReactNode } from 'react';
import { classNames } from '@/lib/class-names';
import './form-alert.css';

export type FormAlertVariant = 'error' | 'success' | 'info';

export interface FormAlertProps {
  variant: FormAlertVariant;
  children: ReactNode;
  onDismiss?: () => void;
  className?: string;
}

/**
 * The message area of an auth form (the spec's "popup"): errors are announced assertively,
 * success and information politely.
 */
export function FormAlert({ variant, children, onDismiss, className }: FormAlertProps) {
  return (
    <div className={classNames('form-alert', `form-alert--${variant}`, className)}>
      <p
        className="form-alert__message"
        role={variant === 'error' ? 'alert' : 'status'}
        aria-live={variant === 'error' ? 'assertive' : 'polite'}
      >
        {children}
      </p>
      {onDismiss && (
        <button type="button" className="form-alert__dismiss" aria-label="Dismiss message" onClick={onDismiss}>
          <span aria-hidden="true">×</span>
        </button>
      )}
    </div>
  );
}
