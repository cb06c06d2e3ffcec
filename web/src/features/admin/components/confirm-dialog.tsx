import { Button, Flex, Text } from '@aws-amplify/ui-react';
import { AdminModal } from './admin-modal';

export interface ConfirmWording {
  /** What is asked ('Are you sure you want to delete this message?'). */
  question: string;
  /** The button that does it ('Delete'). */
  confirm: string;
  /** That button's text while the request is on its way ('Deleting...'). */
  busy: string;
}

interface ConfirmPromptProps {
  wording: ConfirmWording;
  /** Drawn as the destructive variation (delete, deactivate), else as the primary one. */
  destructive?: boolean;
  /** The request is on its way: both buttons are disabled. */
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** The confirming button (its busy text while the request is on its way) and Cancel, both disabled while busy. */
export function ConfirmButtons({
  wording,
  destructive = false,
  busy,
  onConfirm,
  onCancel,
}: Omit<ConfirmPromptProps, 'wording'> & { wording: Pick<ConfirmWording, 'confirm' | 'busy'> }) {
  return (
    <Flex gap="small" wrap="wrap">
      <Button
        variation={destructive ? 'destructive' : 'primary'}
        onClick={onConfirm}
        isLoading={busy}
        isDisabled={busy}
        loadingText={wording.busy}
      >
        {wording.confirm}
      </Button>
      <Button onClick={onCancel} isDisabled={busy}>
        Cancel
      </Button>
    </Flex>
  );
}

/** A question with its confirming button and Cancel, in place (inside a modal that is already open). */
export function ConfirmPrompt({ wording, ...buttons }: ConfirmPromptProps) {
  return (
    <Flex direction="column" gap="small">
      <Text>{wording.question}</Text>
      <ConfirmButtons wording={wording} {...buttons} />
    </Flex>
  );
}

/**
 * The back-office's confirmation dialog (the spec's window confirm, in the admin theme): the
 * question, the confirming button and Cancel. It cannot be closed while its request is on its way.
 * Never open it from inside another modal: use `ConfirmPrompt` there.
 */
export function ConfirmDialog({ title, ...prompt }: ConfirmPromptProps & { title: string }) {
  return (
    <AdminModal title={title} onClose={() => !prompt.busy && prompt.onCancel()}>
      <ConfirmPrompt {...prompt} />
    </AdminModal>
  );
}
