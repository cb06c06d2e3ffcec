import { paths } from '@/app/paths';
import { PageFrame } from '@/components/layout/page-frame';

export default function DashboardRoute() {
  return (
    <PageFrame
      title={paths.dashboard.title}
      lead="Your packages, referral programme and billing history will appear here."
    />
  );
}
