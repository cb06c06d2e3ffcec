import { paths } from '@/app/paths';
import { PageFrame } from '@/components/layout/page-frame';

export default function PricingRoute() {
  return (
    <PageFrame
      title={paths.pricing.title}
      lead="This page will compare the Free Copy Trade, Basic, Pro and Ultimate plans side by side."
    />
  );
}
