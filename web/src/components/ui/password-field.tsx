import { useState, type ComponentProps } from 'react';
import { FieldFrame, useFieldParts } from './text-field';
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
export function PasswordField(props: PasswordFieldProps) {
  const { frame, control } = useFieldParts(props);
  const [visible, setVisible] = useState(false);
  const toggleLabel = `${visible ? 'Hide' : 'Show'} ${props.label.toLowerCase()}`;

  return (
    <FieldFrame {...frame}>
      <div className="password-field">
        <input
          {...control}
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
          aria-controls={control.id}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
    </FieldFrame>
  );
}
