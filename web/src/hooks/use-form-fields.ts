import { createRef, useState, type ChangeEvent, type RefObject } from 'react';
import { bindField, withoutError, type FieldErrors } from '../lib/form-errors';

/**
 * The plumbing every form shares: the typed values and per-field errors, a change handler that
 * clears the edited field's error, a ref per field, `field`, which hands a field component all
 * of these at once, and `showInvalid`, which shows errors and
 * focuses the first invalid field in `fields` order.
 */
export function useFormFields<F extends string>(
  fields: readonly F[],
  initial: Record<F, string> | (() => Record<F, string>),
) {
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [errors, setErrors] = useState<FieldErrors<F>>({});
  const [inputs] = useState(() => {
    const refs = {} as Record<F, RefObject<HTMLInputElement | null>>;
    for (const field of fields) refs[field] = createRef<HTMLInputElement>();
    return refs;
  });

  const handleChange = (field: F) => (event: ChangeEvent<HTMLInputElement>) => {
    const { value } = event.target;
    setValues((current) => ({ ...current, [field]: value }));
    // Editing a field is the user's answer to its error, so the error goes at once.
    setErrors((current) => withoutError(current, field));
  };

  const inputRef = (field: F) => inputs[field];

  const showInvalid = (fieldErrors: FieldErrors<F>) => {
    setErrors(fieldErrors);
    const first = fields.find((field) => fieldErrors[field]);
    if (first) inputs[first].current?.focus();
  };

  /** Everything a field component takes from the form: `<EmailField {...field('email')} />`. */
  const bound = bindField(values, errors, handleChange);
  const field = (name: F) => ({ ref: inputs[name], ...bound(name) });

  return { values, setValues, errors, setErrors, handleChange, inputRef, showInvalid, field };
}
