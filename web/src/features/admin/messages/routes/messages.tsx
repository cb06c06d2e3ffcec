import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { MessageCenter } from '../components/message-center';
import '../../components/admin-screens.css';

export default function AdminMessagesRoute() {
  return (
    <PageFrame
      title={paths.admin.contactDetail.title}
      documentTitle={`Admin: ${paths.admin.contactDetail.title}`}
      lead="Messages sent through the contact form, newest first. A message opened or marked read is read for every administrator."
    >
      <MessageCenter />
    </PageFrame>
  );
}
