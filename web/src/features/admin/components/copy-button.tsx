import { Button } from '@aws-amplify/ui-react';
import { TOAST_MS } from '@goldbot/shared';
import type { NoticeApi } from '../hooks/use-notice';

interface CopyButtonProps {
  text: string;
  /** The button's accessible name ('Copy transaction ID'); it reads 'Copy'. */
  label: string;
  /** Where the outcome is told. */
  notice: NoticeApi;
  /** 'Transaction ID copied to clipboard'; cleared after 3 s. */
  copiedMessage: string;
  /** When the browser refuses the clipboard: what to copy by hand. */
  failedMessage: string;
}

/** Copies a value (a TXID, a wallet address) to the clipboard and says so. */
export function CopyButton({ text, label, notice, copiedMessage, failedMessage }: CopyButtonProps) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      notice.show('success', copiedMessage, TOAST_MS.adminMessages);
    } catch {
      notice.show('error', failedMessage);
    }
  };
  return (
    <Button size="small" onClick={() => void copy()} ariaLabel={label}>
      Copy
    </Button>
  );
}
