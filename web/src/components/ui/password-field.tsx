import { useId, useState, type ComponentProps } from 'react';
import { classNames } from '@/lib/class-names';
import './text-field.css';
import './password-field.css';

export interface PasswordFieldProps extends Omit<ComponentProps<'input'>, 'type'> {
  label: string;
  error?: string | undefined;
  hint?: string | undefined;
}

/**
 * A password input with a show/hide toggle. The toggle is
 * a real button right after the input, named after what it will do ("Show password").
 */
export function PasswordField({
  label,
  error,
  hint,
  id,
  className,
  'aria-describedby': describedBy,
  ...inputProps
}: PasswordFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedByIds = [describedBy, hintId, errorId].filter(Boolean).join(' ') || undefined;
  const [visible, setVisible] = useState(false);
  const toggleLabel = `${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`;

  return (
    <div className={classNames('field', error && 'field--invalid', className)}>
      <label className="field__label" htmlFor={controlId}>
        {label}
      </label>
      <div className="password-field">
        <input
          {...inputProps}
          id={controlId}
          type={visible ? 'text' : 'password'}
          className="field__control password-field__control"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedByIds}
          // A shown password must not be sent to a spell-checking service or auto-capitalised.
          spellCheck={false}
          autoCapitalize="off"
        />
        <button
          type="button"
          className="password-field__toggle"
          aria-label={toggleLabel}
          aria-pressed={visible}
          aria-controls={controlId}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
