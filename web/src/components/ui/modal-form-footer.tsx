import { classNames } from '@/lib/class-names';
import { Button } from './button';
import './modal-form-footer.css';

export interface ModalFormFooterProps {
  /** The form's own error (the server's refusal that names no field); none while empty. */
  error: string | undefined;
  submitting: boolean;
  onCancel: () => void;
  text: { cancel: string; submit: string; submitting: string };
}

/** The end of a window's form: its error, then Cancel and the submit button (busy while sending). */
export function ModalFormFooter({ error, submitting, onCancel, text }: ModalFormFooterProps) {
  return (
    <>
      <p className={classNames('modal-form__error', error && 'modal-form__error--shown')} role="alert">
        {error}
      </p>
      <div className="modal-form__actions">
        <Button variant="secondary" onClick={onCancel} disabled={submitting}>
          {text.cancel}
        </Button>
        <Button type="submit" loading={submitting} loadingText={text.submitting}>
          {text.submit}
        </Button>
      </div>
    </>
  );
}
