import { paths } from '@/app/paths';
import { PageFrame } from '@/components/layout/page-frame';

export default function ForgotPasswordOtpRoute() {
  return (
    <PageFrame title={paths.forgotOtp.title} lead="This page will check the 4-digit reset code from your e-mail." />
  );
}
