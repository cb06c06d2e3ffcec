import { PageFrame } from '@/components/layout/page-frame';

export default function HomeRoute() {
  return (
    <PageFrame
      title="Trade Smarter, Not Harder"
      documentTitle="Automated XAUUSD Trading Bot"
      lead="This page will introduce the AI-driven XAUUSD trading bot with live performance reports, pricing plans and answers to common questions."
    />
  );
}
