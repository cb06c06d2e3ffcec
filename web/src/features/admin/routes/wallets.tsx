import { paths } from '@/app/paths';
import { PageFrame } from '@/components/layout/page-frame';

export default function AdminWalletsRoute() {
  return (
    <PageFrame
      title={paths.admin.wallets.title}
      documentTitle={`Admin: ${paths.admin.wallets.title}`}
      lead="The USDT wallets customers pay into will be managed here."
    />
  );
}
