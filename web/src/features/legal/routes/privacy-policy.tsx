import { paths } from '@/app/paths';
import { PageFrame } from '@/components/layout/page-frame';

export default function PrivacyPolicyRoute() {
  return (
    <PageFrame
      title={paths.privacyPolicy.title}
      lead="This page will set out how GoldBot collects, uses and protects your personal data."
    />
  );
}
