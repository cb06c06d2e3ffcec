import { REFUND } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { RefundManagement } from '../components/refund-management';
import '../../components/admin-screens.css';

export default function AdminRefundsRoute() {
  return (
    <PageFrame
      title={paths.admin.refunds.title}
      documentTitle={`Admin: ${paths.admin.refunds.title}`}
      lead={`Refunds of completed payments, paid in USDT (${REFUND.network}): customers ask within ${REFUND.guaranteeDays} days of a payment's approval; admins may refund any payment. Approve with the payout's transaction id once the USDT is sent.`}
    >
      <RefundManagement />
    </PageFrame>
  );
}
