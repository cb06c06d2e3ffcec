import { paths } from '@/app/paths';
import { PageFrame } from '@/components/layout/page-frame';

export default function AdminLoginRoute() {
  return (
    <PageFrame title={paths.adminLogin.title} lead="This page will let administrators sign in to the back-office." />
  );
}
