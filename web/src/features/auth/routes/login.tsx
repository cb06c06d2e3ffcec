import { paths } from '@/app/paths';
import { PageFrame } from '@/components/layout/page-frame';

export default function LoginRoute() {
  return (
    <PageFrame
      title={paths.login.title}
      lead="This page will let you sign in with your e-mail and password or with Google."
    />
  );
}
