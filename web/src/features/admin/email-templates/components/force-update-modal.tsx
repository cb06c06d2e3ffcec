import { Flex, Text } from '@aws-amplify/ui-react';
import { AdminModal } from '../../components/admin-modal';
import { ConfirmButtons } from '../../components/confirm-dialog';

interface ForceUpdateModalProps {
  /** How many types hold an admin's edit, lost by the restore. */
  editedCount: number;
  /** How many types hold edits not saved yet, discarded too. */
  unsavedCount: number;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

export const FORCE_UPDATE_TITLE = 'Force Update Templates';

/** The confirmation before every template goes back to its default. */
export function ForceUpdateModal({ editedCount, unsavedCount, busy, onConfirm, onCancel }: ForceUpdateModalProps) {
  const edited =
    editedCount === 0
      ? 'No template holds an edit at the moment.'
      : `${editedCount} edited ${editedCount === 1 ? 'template loses its edit' : 'templates lose their edits'}.`;
  return (
    <AdminModal title={FORCE_UPDATE_TITLE} onClose={() => !busy && onCancel()}>
      <Flex direction="column" gap="medium">
        <Text>
          Restore every e-mail template to its default? {edited} The next e-mails use the defaults at once. This cannot
          be undone.
        </Text>
        {unsavedCount > 0 && (
          <Text>
            Your unsaved changes to {unsavedCount} {unsavedCount === 1 ? 'template' : 'templates'} are discarded too.
          </Text>
        )}
        <ConfirmButtons
          wording={{ confirm: 'Yes, restore all defaults', busy: 'Restoring defaults...' }}
          destructive
          busy={busy}
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      </Flex>
    </AdminModal>
  );
}
