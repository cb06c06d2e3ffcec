import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { PackageManagement } from '../components/package-management';
import '../../components/admin-screens.css';

export default function AdminPaymentsRoute() {
  return (
    <PageFrame
      title={paths.admin.payments.title}
      documentTitle={`Admin: ${paths.admin.payments.title}`}
      lead="USDT payments awaiting verification, and every past payment. Check each TXID before approving."
    >
      <PackageManagement />
    </PageFrame>
  );
}
