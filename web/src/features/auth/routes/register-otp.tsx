import { paths } from '@/app/paths';
import { PageFrame } from '@/components/layout/page-frame';

export default function RegisterOtpRoute() {
  return (
    <PageFrame
      title={paths.registerOtp.title}
      lead="This page will ask for the 4-digit code we e-mail you to confirm your address."
    />
  );
}
