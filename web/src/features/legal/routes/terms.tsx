import { paths } from '@/app/paths';
import { PageFrame } from '@/components/layout/page-frame';

export default function TermsRoute() {
  return (
    <PageFrame
      title={paths.terms.title}
      lead="This page will set out the terms that govern your use of GoldBot and its subscription packages."
    />
  );
}
