import { paths } from '@/app/paths';
import { PageFrame } from '@/components/layout/page-frame';

export default function AdminPaymentsRoute() {
  return (
    <PageFrame
      title={paths.admin.payments.title}
      documentTitle={`Admin: ${paths.admin.payments.title}`}
      lead="USDT payments awaiting verification, and every past payment, will appear here for approval or rejection."
    />
  );
}
