import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { AuditLogView } from '../components/audit-log-view';
import '../../components/admin-screens.css';

export default function AdminAuditLogRoute() {
  return (
    <PageFrame
      title={paths.admin.auditLog.title}
      documentTitle={`Admin: ${paths.admin.auditLog.title}`}
      lead="Every change an administrator made (payments, withdrawals, users, wallets, templates, settings, packages and activation e-mails), with who made it and the status before and after. Entries are never edited or deleted."
    >
      <AuditLogView />
    </PageFrame>
  );
}
