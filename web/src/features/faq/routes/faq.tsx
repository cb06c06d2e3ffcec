import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { FaqAccordion } from '../components/faq-accordion';
import '@/components/ui/button.css';

export default function FaqRoute() {
  return (
    <PageFrame
      title={paths.faq.title}
      documentTitle="FAQ"
      lead="Answers to the questions we hear most about the bot, how it works, the pricing plans and our terms."
    >
      <FaqAccordion questionLevel={2} />
    </PageFrame>
  );
}
