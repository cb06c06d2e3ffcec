import { Link } from 'react-router-dom';
import { paths } from '@/app/paths';
import { PageFrame } from '@/components/layout/page-frame';

export default function FaqRoute() {
  return (
    <PageFrame
      title={paths.faq.title}
      documentTitle="FAQ"
      lead="This page will answer common questions about the bot, how it works, the pricing plans and our terms."
    >
      <p>
        Still have a question? <Link to={paths.contact.getHref()}>Contact Support</Link>
      </p>
    </PageFrame>
  );
}
