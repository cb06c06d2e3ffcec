import { paths } from '@/app/paths';
import { PageFrame } from '@/components/layout/page-frame';

export default function RegisterRoute() {
  return (
    <PageFrame
      title={paths.register.title}
      lead="This page will let you create an account with a username, an e-mail address and a password."
    />
  );
}
