import type { ComponentProps } from 'react';
import { classNames } from '@/lib/class-names';
import './button.css';

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: 'primary' | 'secondary' | 'ghost';
  /** Disables the button and shows a spinner; `loadingText` replaces the label meanwhile. */
  loading?: boolean;
  loadingText?: string;
  fullWidth?: boolean;
}

export function Button({
  variant = 'primary',
  loading = false,
  loadingText,
  fullWidth = false,
  disabled,
  className,
  children,
  type = 'button',
  ...buttonProps
}: ButtonProps) {
  return (
    <button
      {...buttonProps}
      // Explicit default: a bare <button> inside a form would submit it.
      type={type}
      className={classNames(
        'button',
        `button--${variant}`,
        loading && 'button--loading',
        fullWidth && 'button--full-width',
        className,
      )}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {loading && <span className="button__spinner" aria-hidden="true" />}
      <span className="button__label">{loading && loadingText ? loadingText : children}</span>
    </button>
  );
}
