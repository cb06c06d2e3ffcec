import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { WalletManagement } from '../components/wallet-management';
import '../../components/admin-screens.css';

export default function AdminWalletsRoute() {
  return (
    <PageFrame
      title={paths.admin.wallets.title}
      documentTitle={`Admin: ${paths.admin.wallets.title}`}
      lead="The wallets customers pay into. Customers are shown the active USDT wallet."
    >
      <WalletManagement />
    </PageFrame>
  );
}
