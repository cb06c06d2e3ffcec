import { paths } from '@/app/paths';
import { PageFrame } from '@/components/layout/page-frame';

export default function AdminWithdrawalsRoute() {
  return (
    <PageFrame
      title={paths.admin.withdrawals.title}
      documentTitle={`Admin: ${paths.admin.withdrawals.title}`}
      lead="Referral-earnings withdrawal requests will appear here for approval or rejection."
    />
  );
}
