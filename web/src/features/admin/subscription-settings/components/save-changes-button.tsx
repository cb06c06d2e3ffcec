import { Button } from '@aws-amplify/ui-react';

interface SaveChangesButtonProps {
  /** The accessible name: which card it saves, where the visible 'Save Changes' alone would not say. */
  name?: string | undefined;
  /** Enabled only once something differs from what the server has. */
  changed: boolean;
  isSaving: boolean;
  /** Saves on click; without it the button submits the card's form. */
  onSave?: () => void;
}

/** A settings card's 'Save Changes', the same on every card. */
export function SaveChangesButton({ name, changed, isSaving, onSave }: SaveChangesButtonProps) {
  return (
    <Button
      {...(onSave ? { onClick: onSave } : { type: 'submit' as const })}
      variation="primary"
      alignSelf="flex-start"
      aria-label={name}
      isDisabled={!changed || isSaving}
      isLoading={isSaving}
      loadingText="Saving..."
    >
      Save Changes
    </Button>
  );
}
