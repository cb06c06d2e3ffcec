import { paths } from '@/app/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { LoginForm } from '../components/login-form';

export default function AdminLoginRoute() {
  return (
    <PageFrame title={paths.adminLogin.title} lead="Administrators sign in here to reach the back-office.">
      <LoginForm variant="admin" />
    </PageFrame>
  );
}
