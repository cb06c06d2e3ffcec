import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { CONTACT, CONTACT_MESSAGES, TOAST_MS } from '@goldbot/shared';
import { useToast } from '@/components/toast/toast-provider';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { isBusy, serverMessage } from '@/lib/api-errors';
import {
  sendContactMessage,
  sendContactMessageInputSchema,
  type SendContactMessageInput,
} from '../api/send-contact-message';
import './contact-form.css';

type ContactField = keyof SendContactMessageInput;
type FieldErrors = Partial<Record<ContactField, string>>;

/** Field order: the first invalid one in this order receives focus. */
const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'message'];

const isContactField = (key: PropertyKey | undefined): key is ContactField =>
  CONTACT_FIELDS.includes(key as ContactField);

/** The first message per field, in the schema's check order ('required' before 'valid'). */
function toFieldErrors(issues: ReadonlyArray<{ path: readonly PropertyKey[]; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if (isContactField(field)) errors[field] ??= issue.message;
  }
  return errors;
}

/** Keeps only the server's errors that belong to a field of this form. */
function pickFieldErrors(serverErrors: Record<string, string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const field of CONTACT_FIELDS) {
    const message = serverErrors[field];
    if (message) errors[field] = message;
  }
  return errors;
}

export interface ContactFormUser {
  username: string;
  email: string;
}

export interface ContactFormProps {
  /** The signed-in user: their name and e-mail are used, read-only. Null for visitors. */
  user: ContactFormUser | null;
}

const EMPTY_DRAFT: SendContactMessageInput = { name: '', email: '', message: '' };

export function ContactForm({ user }: ContactFormProps) {
  const { showToast } = useToast();
  const [draft, setDraft] = useState<SendContactMessageInput>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sending, setSending] = useState(false);
  // State updates land after the handler returns; the ref stops a second Enter from sending twice.
  const inFlight = useRef(false);
  const nameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const messageInput = useRef<HTMLTextAreaElement>(null);

  // Signed-in users write as themselves: name and e-mail come from the account, not the form.
  const values: SendContactMessageInput = user ? { ...draft, name: user.username, email: user.email } : draft;

  const handleChange = (field: ContactField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { value } = event.target;
    setDraft((current) => ({ ...current, [field]: value }));
    // Editing a field is the user's answer to its error, so the error goes at once.
    setErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _cleared, ...rest } = current;
      return rest;
    });
  };

  const showInvalid = (fieldErrors: FieldErrors) => {
    setErrors(fieldErrors);
    const inputs = { name: nameInput, email: emailInput, message: messageInput };
    const firstInvalid = CONTACT_FIELDS.find((field) => fieldErrors[field]);
    if (firstInvalid) inputs[firstInvalid].current?.focus();
    showToast({ message: CONTACT_MESSAGES.formInvalid, variant: 'error', durationMs: TOAST_MS.contactPage });
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (inFlight.current) return;

    const parsed = sendContactMessageInputSchema.safeParse(values);
    if (!parsed.success) {
      showInvalid(toFieldErrors(parsed.error.issues));
      return;
    }

    setErrors({});
    setSending(true);
    inFlight.current = true;
    const sentMessage = values.message;
    try {
      await sendContactMessage(parsed.data);
      // Only the message is cleared: name and e-mail stay for the next one.
      // If the user kept typing while it was sending, their new text is not thrown away.
      setDraft((current) => (current.message === sentMessage ? { ...current, message: '' } : current));
      showToast({ message: CONTACT_MESSAGES.sendSucceeded, variant: 'success', durationMs: TOAST_MS.contactPage });
    } catch (error) {
      const serverFieldErrors =
        error instanceof ApiError && error.status === 400 ? pickFieldErrors(error.fieldErrors) : {};
      if (Object.keys(serverFieldErrors).length > 0) {
        showInvalid(serverFieldErrors);
      } else {
        // A busy service says so and asks to try again (503 with Retry-After); the form keeps everything.
        const message = isBusy(error)
          ? (serverMessage(error) ?? CONTACT_MESSAGES.sendFailed)
          : CONTACT_MESSAGES.sendFailed;
        showToast({ message, variant: 'error', durationMs: TOAST_MS.contactPage });
      }
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  return (
    <form className="contact-form" noValidate onSubmit={handleSubmit}>
      {user && (
        <p className="contact-form__account-note">
          You are signed in, so your message is sent with the name and e-mail address of your account.
        </p>
      )}
      <div className="contact-form__row">
        <TextField
          ref={nameInput}
          label="Name"
          name="name"
          autoComplete="name"
          required
          maxLength={CONTACT.nameMaxLength}
          value={values.name}
          readOnly={user !== null}
          onChange={handleChange('name')}
          error={errors.name}
        />
        <TextField
          ref={emailInput}
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={CONTACT.emailMaxLength}
          value={values.email}
          readOnly={user !== null}
          onChange={handleChange('email')}
          error={errors.email}
        />
      </div>
      <TextAreaField
        ref={messageInput}
        label="Message"
        name="message"
        required
        rows={6}
        maxLength={CONTACT.messageMaxLength}
        value={values.message}
        onChange={handleChange('message')}
        error={errors.message}
      />
      <Button type="submit" loading={sending} loadingText="Sending..." className="contact-form__submit">
        Send Message
      </Button>
    </form>
  );
}
