import { useId, type ComponentProps, type ReactNode } from 'react';
import { classNames } from '@/lib/class-names';
import './text-field.css';

interface FieldFrameProps {
  label: string;
  /** Shown under the control and announced with it; marks the control invalid. */
  error?: string | undefined;
  /** Helper text, announced with the control. */
  hint?: string | undefined;
}

/** Ids and ARIA wiring shared by every field: label, hint and error all reach screen readers. */
function useFieldAria(id: string | undefined, { hint, error }: Omit<FieldFrameProps, 'label'>, describedBy?: string) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedByIds = [describedBy, hintId, errorId].filter(Boolean).join(' ');
  return {
    controlId,
    hintId,
    errorId,
    aria: {
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedByIds || undefined,
    },
  };
}

export function FieldFrame({
  label,
  hint,
  error,
  controlId,
  hintId,
  errorId,
  className,
  children,
}: FieldFrameProps & {
  controlId: string;
  hintId: string | undefined;
  errorId: string | undefined;
  className: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className={classNames('field', error && 'field--invalid', className)}>
      <label className="field__label" htmlFor={controlId}>
        {label}
      </label>
      {children}
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

interface FieldPropsBase extends FieldFrameProps {
  id?: string | undefined;
  className?: string | undefined;
  'aria-describedby'?: string | undefined;
}

/**
 * Splits a field's props into the frame's (label, hint, error, ids) and the control's, which get
 * the id and the ARIA wiring: what every field component does first.
 */
export function useFieldParts<P extends FieldPropsBase>({
  label,
  error,
  hint,
  id,
  className,
  'aria-describedby': describedBy,
  ...controlProps
}: P) {
  const { controlId, hintId, errorId, aria } = useFieldAria(id, { hint, error }, describedBy);
  return {
    frame: { label, hint, error, controlId, hintId, errorId, className },
    control: { ...controlProps, ...aria, id: controlId },
  };
}

export type TextFieldProps = FieldFrameProps & ComponentProps<'input'>;

export function TextField(props: TextFieldProps) {
  const { frame, control } = useFieldParts(props);
  return (
    <FieldFrame {...frame}>
      <input {...control} className="field__control" />
    </FieldFrame>
  );
}

export type TextAreaFieldProps = FieldFrameProps & ComponentProps<'textarea'>;

export function TextAreaField(props: TextAreaFieldProps) {
  const { frame, control } = useFieldParts(props);
  return (
    <FieldFrame {...frame}>
      <textarea {...control} className="field__control field__control--multiline" />
    </FieldFrame>
  );
}
