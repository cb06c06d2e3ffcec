import type { ContactMessage } from '@goldbot/shared';
import { useConfirmedAction, type ConfirmedActionState } from '../../hooks/use-confirmed-action';
import { deleteMessage } from '../api/delete-message';

export type DeleteMessageState = ConfirmedActionState<ContactMessage>;

/** Delete one message, confirmed first, one request at a time. */
export function useDeleteMessage({
  onDeleted,
  onFailed,
}: {
  onDeleted: (message: ContactMessage) => void;
  onFailed: (message: ContactMessage, error: unknown) => void;
}): DeleteMessageState {
  return useConfirmedAction({
    run: (message: ContactMessage) => deleteMessage(message._id),
    onDone: (message) => onDeleted(message),
    onFailed,
  });
}
