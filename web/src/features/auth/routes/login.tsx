import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { LoginForm } from '../components/login-form';

export default function LoginRoute() {
  return (
    <PageFrame title={paths.login.title} lead="Welcome back. Sign in to manage your packages and referrals.">
      <LoginForm />
    </PageFrame>
  );
}
