import { paths } from '@/app/paths';
import { PageFrame } from '@/components/layout/page-frame';

export default function AdminActivationsRoute() {
  return (
    <PageFrame
      title={paths.admin.activations.title}
      documentTitle={`Admin: ${paths.admin.activations.title}`}
      lead="Basic Package subscriptions starting today will appear here, ready for their activation e-mails."
    />
  );
}
