import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { EmailTemplateManagement } from '../components/email-template-management';
import '../../components/admin-screens.css';

export default function AdminEmailTemplatesRoute() {
  return (
    <PageFrame
      title={paths.admin.emailTemplates.title}
      documentTitle={`Admin: ${paths.admin.emailTemplates.title}`}
      lead="The e-mails customers receive. A saved template is used by the very next e-mail of its type."
    >
      <EmailTemplateManagement />
    </PageFrame>
  );
}
