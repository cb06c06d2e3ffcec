/** Per-field messages of a form, keyed by field name. */
export type FieldErrors<F extends string> = Partial<Record<F, string>>;

/** The browser's check of what was typed: the request's input, or a message per wrong field. */
export type RequestCheck<F extends string, I> = { ok: true; input: I } | { ok: false; errors: FieldErrors<F> };

/** The first message per field, in the schema's check order ('required' before 'valid'). */
export function toFieldErrors<F extends string>(
  issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>,
  fields: readonly F[],
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (fields.includes(field as F)) errors[field as F] ??= issue.message;
  }
  return errors;
}

/** Keeps only the server's field errors (400 `errors`) that belong to this form. */
export function pickFieldErrors<F extends string>(
  serverErrors: Record<string, string>,
  fields: readonly F[],
): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const field of fields) {
    const message = serverErrors[field];
    if (message) errors[field] = message;
  }
  return errors;
}

/** Removes one field's error (the user is answering it by editing the field). */
export function withoutError<F extends string>(errors: FieldErrors<F>, field: F): FieldErrors<F> {
  if (!(field in errors)) return errors;
  const next = { ...errors };
  delete next[field];
  return next;
}

/**
 * The props a form's own TextField or TextAreaField takes for one of its fields (name, value,
 * change handler, error), so each field in the markup only says what differs: label, hint, limits.
 */
export function bindField<F extends string, H>(
  values: Record<F, string>,
  errors: FieldErrors<F>,
  onChange: (field: F) => H,
): (field: F) => { name: F; value: string; onChange: H; error: string | undefined } {
  return (field) => ({ name: field, value: values[field], onChange: onChange(field), error: errors[field] });
}
