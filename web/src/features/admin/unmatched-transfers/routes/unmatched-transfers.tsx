import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { UnmatchedTransfersView } from '../components/unmatched-transfers-view';
import '../../components/admin-screens.css';

export default function AdminUnmatchedTransfersRoute() {
  return (
    <PageFrame
      title={paths.admin.unmatchedTransfers.title}
      documentTitle={`Admin: ${paths.admin.unmatchedTransfers.title}`}
      lead="USDT transfers to the payment wallets that fit no open order: a late payment, a wrong or rounded amount, a second payment. Give each to a customer's package, or close it as refunded or ignored."
    >
      <UnmatchedTransfersView />
    </PageFrame>
  );
}
