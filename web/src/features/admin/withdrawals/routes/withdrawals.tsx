import { WITHDRAWAL } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { WithdrawalManagement } from '../components/withdrawal-management';
import '../../components/admin-screens.css';

export default function AdminWithdrawalsRoute() {
  return (
    <PageFrame
      title={paths.admin.withdrawals.title}
      documentTitle={`Admin: ${paths.admin.withdrawals.title}`}
      lead={`Customers' requests to withdraw their referral earnings in USDT (${WITHDRAWAL.network}). An approved withdrawal is paid out within ${WITHDRAWAL.processingHours} hours.`}
    >
      <WithdrawalManagement />
    </PageFrame>
  );
}
