import { paths } from '@/app/paths';
import { PageFrame } from '@/components/layout/page-frame';

export default function ResetPasswordRoute() {
  return (
    <PageFrame
      title={paths.reset.title}
      lead="This page will let you choose a new password once your reset code is confirmed."
    />
  );
}
