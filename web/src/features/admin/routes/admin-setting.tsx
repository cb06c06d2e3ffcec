import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { AccountSettings } from '../components/account-settings/account-settings';

export default function AdminAccountSettingsRoute() {
  return (
    <PageFrame
      title={paths.admin.adminSetting.title}
      documentTitle={`Admin: ${paths.admin.adminSetting.title}`}
      lead="Your administrator profile and password."
    >
      <AccountSettings />
    </PageFrame>
  );
}
