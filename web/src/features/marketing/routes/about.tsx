import { paths } from '@/app/paths';
import { PageFrame } from '@/components/layout/page-frame';

export default function AboutRoute() {
  return (
    <PageFrame
      title={paths.about.title}
      lead="This page will tell the story behind GoldBot and how the bot trades gold on your own MetaTrader 5 account."
    />
  );
}
