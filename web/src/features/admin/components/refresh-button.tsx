import { Button, type ButtonProps } from '@aws-amplify/ui-react';

type RefreshButtonProps = Omit<ButtonProps, 'children' | 'isLoading' | 'loadingText'> & {
  /** The reload the button started is on its way. */
  refreshing: boolean;
};

/** A screen's 'Refresh', which says 'Refreshing...' while the reload it started is on its way. */
export function RefreshButton({ refreshing, ...button }: RefreshButtonProps) {
  return (
    <Button {...button} isLoading={refreshing} loadingText="Refreshing...">
      Refresh
    </Button>
  );
}
