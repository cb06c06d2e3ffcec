import { useState, type ComponentProps } from 'react';
import { FieldFrame, useFieldAria } from './text-field';
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
  const { controlId, hintId, errorId, aria } = useFieldAria(id, { hint, error }, describedBy);
  const [visible, setVisible] = useState(false);
  const toggleLabel = `${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`;

  return (
    <FieldFrame {...{ label, hint, error, controlId, hintId, errorId, className }}>
      <div className="password-field">
        <input
          {...inputProps}
          {...aria}
          id={controlId}
          type={visible ? 'text' : 'password'}
          className="field__control password-field__control"
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
    </FieldFrame>
  );
}
