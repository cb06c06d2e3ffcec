import { useLayoutEffect, useRef, type ChangeEvent } from 'react';
import { Button, Flex, Text, TextAreaField, TextField } from '@aws-amplify/ui-react';
import { TEMPLATE_HTML_MAX_LENGTH, TEMPLATE_SUBJECT_MAX_LENGTH } from '@goldbot/shared';

export interface TemplateDraft {
  subject: string;
  html: string;
}

type FieldName = keyof TemplateDraft;

interface TemplateFormProps {
  draft: TemplateDraft;
  /** The type's placeholder names, without braces. */
  placeholders: readonly string[];
  onChange: (draft: TemplateDraft) => void;
  isDisabled?: boolean;
  /** The parts the server refused on the last save (its reasons are shown above the form). */
  invalid?: ReadonlySet<FieldName>;
}

/**
 * The subject and the HTML of one template (an HTML editor with help on the placeholders): the
 * HTML in a monospace text area, and the type's placeholders as buttons that insert `{{name}}`
 * where the cursor was in the field last used (the HTML unless the subject was).
 */
export function TemplateForm({
  draft,
  placeholders,
  onChange,
  isDisabled = false,
  invalid = new Set(),
}: TemplateFormProps) {
  const subjectRef = useRef<HTMLInputElement>(null);
  const htmlRef = useRef<HTMLTextAreaElement>(null);
  const lastField = useRef<FieldName>('html');
  // A field never focused has no cursor of its own: a placeholder goes at its end.
  const used = useRef(new Set<FieldName>());
  // Where the cursor goes once the inserted placeholder is on screen.
  const caret = useRef<{ field: FieldName; at: number } | null>(null);

  const element = (field: FieldName) => (field === 'subject' ? subjectRef.current : htmlRef.current);

  useLayoutEffect(() => {
    const pending = caret.current;
    if (!pending) return;
    caret.current = null;
    const target = element(pending.field);
    target?.focus();
    target?.setSelectionRange(pending.at, pending.at);
  });

  const insert = (name: string) => {
    const field = lastField.current;
    const value = draft[field];
    const target = element(field);
    const token = `{{${name}}}`;
    const placed = target !== null && used.current.has(field);
    const start = (placed ? target.selectionStart : null) ?? value.length;
    const end = (placed ? target.selectionEnd : null) ?? start;
    caret.current = { field, at: start + token.length };
    onChange({ ...draft, [field]: `${value.slice(0, start)}${token}${value.slice(end)}` });
  };

  /** Focusing a field makes it where a placeholder goes. */
  const focused = (field: FieldName) => {
    lastField.current = field;
    used.current.add(field);
  };
  /** What both fields are given alike. */
  const fieldProps = (field: FieldName) => ({
    name: field,
    value: draft[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      onChange({ ...draft, [field]: event.target.value }),
    autoComplete: 'off',
    isDisabled,
    hasError: invalid.has(field),
  });

  return (
    <Flex direction="column" gap="medium">
      <TextField
        label="Subject"
        ref={subjectRef}
        {...fieldProps('subject')}
        onFocus={() => focused('subject')}
        maxLength={TEMPLATE_SUBJECT_MAX_LENGTH}
      />
      <TextAreaField
        label="HTML"
        ref={htmlRef}
        {...fieldProps('html')}
        onFocus={() => focused('html')}
        rows={18}
        maxLength={TEMPLATE_HTML_MAX_LENGTH}
        spellCheck={false}
        fontFamily="monospace"
        fontSize="small"
        descriptiveText={`${draft.html.length.toLocaleString('en-US')} of ${TEMPLATE_HTML_MAX_LENGTH.toLocaleString('en-US')} characters`}
      />
      <Flex direction="column" gap="xs" as="section" aria-labelledby="template-placeholders-title">
        <Text id="template-placeholders-title" fontWeight="bold">
          Placeholders
        </Text>
        {placeholders.length === 0 ? (
          <Text color="font.secondary" fontSize="small">
            This e-mail offers no placeholders.
          </Text>
        ) : (
          <>
            <Text color="font.secondary" fontSize="small">
              Click one to insert it at the cursor. Values are HTML-escaped when the e-mail is sent; a placeholder this
              e-mail does not offer is refused on save.
            </Text>
            <Flex gap="xs" wrap="wrap">
              {placeholders.map((name) => (
                <Button
                  key={name}
                  size="small"
                  fontFamily="monospace"
                  onClick={() => insert(name)}
                  isDisabled={isDisabled}
                  ariaLabel={`Insert {{${name}}}`}
                >
                  {`{{${name}}}`}
                </Button>
              ))}
            </Flex>
          </>
        )}
      </Flex>
    </Flex>
  );
}
