import { paths } from '@/app/paths';
import { PageFrame } from '@/components/layout/page-frame';

export default function ForgotPasswordRoute() {
  return (
    <PageFrame
      title={paths.forgot.title}
      lead="This page will send a 4-digit reset code to the e-mail address of your account."
    />
  );
}
