import { paths } from '@/app/paths';
import { PageFrame } from '@/components/layout/page-frame';

export default function AdminEmailTemplatesRoute() {
  return (
    <PageFrame
      title={paths.admin.emailTemplates.title}
      documentTitle={`Admin: ${paths.admin.emailTemplates.title}`}
      lead="The e-mail templates sent to customers will be edited here."
    />
  );
}
