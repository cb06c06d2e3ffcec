import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError } from '@/lib/api-client';
import { serverMessage } from '@/lib/api-errors';
import { pickFieldErrors, type FieldErrors, type RequestCheck } from '@/lib/form-errors';

export interface RequestFormOptions<F extends string, I, A> {
  /** The fields, in the order the first invalid one takes focus. */
  fields: readonly F[];
  initial: Record<F, string>;
  /** The checks the browser repeats for comfort; the server decides. */
  check: (values: Record<F, string>) => RequestCheck<F, I>;
  send: (input: I) => Promise<A>;
  /** The form's error when the server refuses without naming a field or saying why. */
  failedMessage: string;
  /** After the server accepted the request (the window then closes). */
  onSent: (answer: A) => void;
  /** After the server refused; `namedFields` when its refusal named some of the fields. */
  onRefused?: (namedFields: boolean) => void;
  onClose: () => void;
}

/**
 * A window's request form (a refund, a withdrawal): the typed values and their errors, the form's
 * own error, and one request at a time. While it runs, the fields are disabled and the window stays
 * open (`close` waits for the answer); the first invalid field takes focus once it is enabled again,
 * after the browser's check or the server's refusal.
 */
export function useRequestForm<F extends string, I, A>({
  fields,
  initial,
  check,
  send,
  failedMessage,
  onSent,
  onRefused,
  onClose,
}: RequestFormOptions<F, I, A>) {
  // Own state rather than SWR's `isMutating`, which SWR clears in a transition: the fields, the
  // buttons and the error must change in the same render.
  const [submitting, setSubmitting] = useState(false);
  const [values, setValues] = useState<Record<F, string>>(initial);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<F>>({});
  const [formError, setFormError] = useState<string>();
  // Set synchronously, so a second click before React re-renders cannot send a second request.
  const inFlight = useRef(false);
  const elements = useRef<Partial<Record<F, HTMLElement | null>>>({});
  const focusNext = useRef<F | null>(null);

  useEffect(() => {
    if (submitting || focusNext.current === null) return;
    elements.current[focusNext.current]?.focus();
    focusNext.current = null;
  }, [fieldErrors, submitting]);

  const showInvalid = (errors: FieldErrors<F>) => {
    setFieldErrors(errors);
    focusNext.current = fields.find((field) => errors[field]) ?? null;
  };

  const close = () => {
    if (!inFlight.current) onClose();
  };

  const edit = (field: F, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
    setFormError(undefined);
  };

  /** The ref a field's element takes, so it can take focus when it is the first invalid one. */
  const fieldRef = (field: F) => (element: HTMLElement | null) => {
    elements.current[field] = element;
  };

  /** A field's wiring: its ref, value, error and change handler, disabled while the request runs. */
  const field = (name: F) => ({
    ref: fieldRef(name),
    value: values[name],
    disabled: submitting,
    error: fieldErrors[name],
    onChange: (event: { target: { value: string } }) => edit(name, event.target.value),
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;
    setFormError(undefined);
    const checked = check(values);
    if (!checked.ok) {
      showInvalid(checked.errors);
      return;
    }
    setFieldErrors({});
    inFlight.current = true;
    setSubmitting(true);
    let answer: A;
    try {
      answer = await send(checked.input);
    } catch (error) {
      inFlight.current = false;
      setSubmitting(false);
      const fromServer = error instanceof ApiError ? pickFieldErrors(error.fieldErrors, fields) : {};
      const namedFields = Object.keys(fromServer).length > 0;
      if (namedFields) showInvalid(fromServer);
      else setFormError(serverMessage(error) ?? failedMessage);
      onRefused?.(namedFields);
      return;
    }
    inFlight.current = false;
    setSubmitting(false);
    onSent(answer);
    onClose();
  };

  return { values, fieldErrors, formError, submitting, edit, fieldRef, field, onSubmit, close };
}
