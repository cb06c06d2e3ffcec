import { useState } from 'react';
import { Button } from '@aws-amplify/ui-react';
import { TOAST_MS, type Wallet } from '@goldbot/shared';
import { ListLoadFailed, ListLoading, ListRefreshFailed } from '../../components/list-states';
import { NoticedColumn } from '../../components/notice-alert';
import { useNotice } from '../../hooks/use-notice';
import { useWallets } from '../api/get-wallets';
import type { WalletSaveResponse } from '../api/save-wallet';
import { WalletForm } from './wallet-form';
import { WalletList } from './wallet-list';

const FETCH_FAILED = 'Failed to fetch wallets';

/** The form's state: closed, adding, or editing one wallet. */
type Editing = { kind: 'closed' } | { kind: 'add' } | { kind: 'edit'; wallet: Wallet };

/** Admin wallets: the list and the add/edit form; notices clear after 3 s. */
export function WalletManagement() {
  const { data, error, isLoading, mutate } = useWallets();
  const [editing, setEditing] = useState<Editing>({ kind: 'closed' });
  const notice = useNotice();

  const onSaved = (response: WalletSaveResponse, added: boolean) => {
    setEditing({ kind: 'closed' });
    notice.show('success', added ? 'Wallet added successfully' : 'Wallet updated successfully', TOAST_MS.adminWallets);
    // Activating one wallet deactivates the others of its currency: read them all again.
    void mutate();
  };

  const formOpen = editing.kind !== 'closed';
  let list;
  if (isLoading && !data) {
    list = <ListLoading text="Loading wallets..." />;
  } else if (error && !data) {
    list = <ListLoadFailed error={error} fallback={FETCH_FAILED} onRetry={() => void mutate()} />;
  } else {
    list = (
      <>
        {error ? <ListRefreshFailed error={error} fallback={FETCH_FAILED} /> : null}
        <WalletList wallets={data?.wallets ?? []} onEdit={(wallet) => setEditing({ kind: 'edit', wallet })} />
      </>
    );
  }

  return (
    <NoticedColumn notice={notice}>
      {!formOpen && (
        <Button variation="primary" alignSelf="flex-start" onClick={() => setEditing({ kind: 'add' })}>
          Add Wallet
        </Button>
      )}
      {formOpen && (
        <WalletForm
          key={editing.kind === 'edit' ? editing.wallet._id : 'new'}
          wallet={editing.kind === 'edit' ? editing.wallet : null}
          onSaved={onSaved}
          onCancel={() => setEditing({ kind: 'closed' })}
        />
      )}
      {list}
    </NoticedColumn>
  );
}
