import {
  Badge,
  Button,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Text,
  View,
  VisuallyHidden,
} from '@aws-amplify/ui-react';
import type { Wallet } from '@goldbot/shared';
import { ListEmpty } from '../../components/list-states';
import { formatDateTime } from '@/lib/format';

export const NO_WALLETS_TEXT = 'No wallets found. Add your first wallet to accept payments.';

/** The wallets: Status, Address, Network, Currency, Last Updated and edit. */
export function WalletList({ wallets, onEdit }: { wallets: Wallet[]; onEdit: (wallet: Wallet) => void }) {
  if (wallets.length === 0) return <ListEmpty text={NO_WALLETS_TEXT} />;
  return (
    <View className="admin-table-scroll">
      <Table aria-label="Payment wallets" highlightOnHover size="small">
        <TableHead>
          <TableRow>
            <TableCell as="th">Status</TableCell>
            <TableCell as="th">Address</TableCell>
            <TableCell as="th">Network</TableCell>
            <TableCell as="th">Currency</TableCell>
            <TableCell as="th">Last Updated</TableCell>
            <TableCell as="th">
              <VisuallyHidden>Edit</VisuallyHidden>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {wallets.map((wallet) => (
            <TableRow key={wallet._id}>
              <TableCell>
                <Badge variation={wallet.isActive ? 'success' : undefined}>
                  {wallet.isActive ? 'Active' : 'Inactive'}
                </Badge>
              </TableCell>
              <TableCell>
                <Text as="code" fontFamily="monospace" style={{ overflowWrap: 'anywhere' }}>
                  {wallet.address}
                </Text>
              </TableCell>
              <TableCell>{wallet.network}</TableCell>
              <TableCell>{wallet.currency}</TableCell>
              <TableCell>{formatDateTime(wallet.updatedAt)}</TableCell>
              <TableCell>
                <Button size="small" onClick={() => onEdit(wallet)} ariaLabel={`Edit wallet ${wallet.address}`}>
                  Edit
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </View>
  );
}
