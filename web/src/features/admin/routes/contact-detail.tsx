import { paths } from '@/app/paths';
import { PageFrame } from '@/components/layout/page-frame';

export default function AdminContactMessagesRoute() {
  return (
    <PageFrame
      title={paths.admin.contactDetail.title}
      documentTitle={`Admin: ${paths.admin.contactDetail.title}`}
      lead="Messages sent through the contact form will appear here."
    />
  );
}
