import { useRef, useState } from 'react';
import type { ContactMessage } from '@goldbot/shared';
import { deleteMessage } from '../api/delete-message';

export interface DeleteMessageState {
  /** The message waiting for the confirmation (or being deleted). */
  confirming: ContactMessage | null;
  busy: boolean;
  ask: (message: ContactMessage) => void;
  cancel: () => void;
  confirm: () => Promise<void>;
}

/** Delete one message, confirmed first, one request at a time. */
export function useDeleteMessage({
  onDeleted,
  onFailed,
}: {
  onDeleted: (message: ContactMessage) => void;
  onFailed: (message: ContactMessage, error: unknown) => void;
}): DeleteMessageState {
  const [confirming, setConfirming] = useState<ContactMessage | null>(null);
  const [busy, setBusy] = useState(false);
  // State lands a render later; the ref stops a double click in the same tick.
  const inFlight = useRef(false);

  const confirm = async () => {
    if (!confirming || inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await deleteMessage(confirming._id);
      setConfirming(null);
      onDeleted(confirming);
    } catch (error) {
      setConfirming(null);
      onFailed(confirming, error);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return {
    confirming,
    busy,
    ask: (message) => {
      if (!inFlight.current) setConfirming(message);
    },
    cancel: () => {
      if (!inFlight.current) setConfirming(null);
    },
    confirm,
  };
}
