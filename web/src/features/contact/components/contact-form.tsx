import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { CONTACT, CONTACT_MESSAGES, TOAST_MS } from '@goldbot/shared';
import { useToast } from '@/components/toast/toast-provider';
import { Button } from '@/components/ui/button';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api-client';
import { isBusy, serverMessage } from '@/lib/api-errors';
import { bindField, pickFieldErrors, toFieldErrors, withoutError, type FieldErrors } from '@/lib/form-errors';
import {
  sendContactMessage,
  sendContactMessageInputSchema,
  type SendContactMessageInput,
} from '../api/send-contact-message';
import { useSingleFlight } from '@/hooks/use-single-flight';
import './contact-form.css';

type ContactField = keyof SendContactMessageInput;

/** Field order: the first invalid one in this order receives focus. */
const CONTACT_FIELDS: readonly ContactField[] = ['name', 'email', 'message'];

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
  const [errors, setErrors] = useState<FieldErrors<ContactField>>({});
  const { running: sending, isRunning, run } = useSingleFlight();
  const nameInput = useRef<HTMLInputElement>(null);
  const emailInput = useRef<HTMLInputElement>(null);
  const messageInput = useRef<HTMLTextAreaElement>(null);

  // Signed-in users write as themselves: name and e-mail come from the account, not the form.
  const values: SendContactMessageInput = user ? { ...draft, name: user.username, email: user.email } : draft;

  const handleChange = (field: ContactField) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const { value } = event.target;
    setDraft((current) => ({ ...current, [field]: value }));
    // Editing a field is the user's answer to its error, so the error goes at once.
    setErrors((current) => withoutError(current, field));
  };

  const showInvalid = (fieldErrors: FieldErrors<ContactField>) => {
    setErrors(fieldErrors);
    const inputs = { name: nameInput, email: emailInput, message: messageInput };
    const firstInvalid = CONTACT_FIELDS.find((field) => fieldErrors[field]);
    if (firstInvalid) inputs[firstInvalid].current?.focus();
    showToast({ message: CONTACT_MESSAGES.formInvalid, variant: 'error', durationMs: TOAST_MS.contactPage });
  };

  const field = bindField(values, errors, handleChange);

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (isRunning()) return;

    const parsed = sendContactMessageInputSchema.safeParse(values);
    if (!parsed.success) {
      showInvalid(toFieldErrors(parsed.error.issues, CONTACT_FIELDS));
      return;
    }

    setErrors({});
    const sentMessage = values.message;
    await run(async () => {
      try {
        await sendContactMessage(parsed.data);
        // Only the message is cleared: name and e-mail stay for the next one.
        // If the user kept typing while it was sending, their new text is not thrown away.
        setDraft((current) => (current.message === sentMessage ? { ...current, message: '' } : current));
        showToast({ message: CONTACT_MESSAGES.sendSucceeded, variant: 'success', durationMs: TOAST_MS.contactPage });
      } catch (error) {
        const serverFieldErrors =
          error instanceof ApiError && error.status === 400 ? pickFieldErrors(error.fieldErrors, CONTACT_FIELDS) : {};
        if (Object.keys(serverFieldErrors).length > 0) {
          showInvalid(serverFieldErrors);
        } else {
          // A busy service says so and asks to try again (503 with Retry-After); the form keeps everything.
          const message = isBusy(error)
            ? (serverMessage(error) ?? CONTACT_MESSAGES.sendFailed)
            : CONTACT_MESSAGES.sendFailed;
          showToast({ message, variant: 'error', durationMs: TOAST_MS.contactPage });
        }
      }
    });
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
          {...field('name')}
          autoComplete="name"
          required
          maxLength={CONTACT.nameMaxLength}
          readOnly={user !== null}
        />
        <TextField
          ref={emailInput}
          label="Email"
          {...field('email')}
          type="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={CONTACT.emailMaxLength}
          readOnly={user !== null}
        />
      </div>
      <TextAreaField
        ref={messageInput}
        label="Message"
        {...field('message')}
        required
        rows={6}
        maxLength={CONTACT.messageMaxLength}
      />
      <Button type="submit" loading={sending} loadingText="Sending..." className="contact-form__submit">
        Send Message
      </Button>
    </form>
  );
}
