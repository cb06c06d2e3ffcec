import { TOAST_MS } from '@goldbot/shared';
import { useToast } from '@/components/toast/toast-provider';
import { useCopyToClipboard } from '@/hooks/use-copy-to-clipboard';
import { classNames } from '@/lib/class-names';
import { Button, type ButtonProps } from './button';
import { CheckIcon } from './icons';
import './copy-button.css';

/** What a copy ended in, told where the caller shows such things (a toast, a notice, a status line). */
export interface CopyOutcome {
  variant: 'success' | 'error';
  message: string;
}

export interface CopyButtonProps extends Omit<ButtonProps, 'onClick' | 'children' | 'aria-label'> {
  /** What goes on the clipboard. */
  text: string;
  /** The button's accessible name ('Copy wallet address'); without it, its text ('Copy') names it. */
  label?: string;
  /** Its accessible name while it shows 'Copied!' ('Wallet address copied'); `label` when not given. */
  copiedLabel?: string;
  /** 'Wallet address copied to clipboard!', and what to do by hand when the browser refuses. */
  messages: { copied: string; copyFailed: string };
  /** Where the outcome is told; a toast when not given. */
  onOutcome?: (outcome: CopyOutcome) => void;
  /** The smaller button of the admin's tables and detail windows, beside Amplify's small buttons. */
  compact?: boolean;
}

/**
 * The site's one copy-to-clipboard button: it reads 'Copy', then 'Copied!' with a tick for the
 * spec's 2 s after each copy, and tells the outcome (the copied message, or the failure message
 * when the browser has no clipboard or refuses it).
 */
export function CopyButton({ onOutcome, ...props }: CopyButtonProps) {
  return onOutcome ? <CopyButtonView {...props} onOutcome={onOutcome} /> : <ToastCopyButton {...props} />;
}

/** The outcome as a toast: the success one for the spec's 2 s, the failure for 4 s. */
function ToastCopyButton(props: Omit<CopyButtonProps, 'onOutcome'>) {
  const { showToast } = useToast();
  const toast = ({ variant, message }: CopyOutcome) =>
    showToast({
      message,
      variant,
      durationMs: variant === 'success' ? TOAST_MS.paymentSuccess : TOAST_MS.paymentError,
    });
  return <CopyButtonView {...props} onOutcome={toast} />;
}

function CopyButtonView({
  text,
  label,
  copiedLabel,
  messages,
  onOutcome,
  compact = false,
  variant = 'secondary',
  className,
  ...buttonProps
}: CopyButtonProps & { onOutcome: (outcome: CopyOutcome) => void }) {
  const { copied, copy } = useCopyToClipboard();

  const copyText = async () => {
    const done = await copy(text);
    onOutcome(
      done ? { variant: 'success', message: messages.copied } : { variant: 'error', message: messages.copyFailed },
    );
  };

  return (
    <Button
      {...buttonProps}
      variant={variant}
      className={classNames('copy-button', compact && 'copy-button--compact', className)}
      onClick={() => void copyText()}
      aria-label={copied ? (copiedLabel ?? label) : label}
    >
      {copied ? (
        <>
          <CheckIcon size={16} /> Copied!
        </>
      ) : (
        'Copy'
      )}
    </Button>
  );
}
