import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { RECEIPT_MESSAGES } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { PageLoader } from '@/components/ui/page-loader';
import { serverMessage } from '@/lib/api-errors';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { useReceipt, type Receipt } from '../api/get-receipt';
import { formatCalendarDay, formatUsdCents } from '@/lib/format';
import { formatEndDate } from '../lib/billing-format';
import '../components/receipt.css';
import { DescriptionList } from '@/components/ui/description-list';

const amount = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 });

/** An approval instant as a person reads it, in UTC like the package dates: 'Nov 21, 2026, 09:00 UTC'. */
const approvalTime = (iso: string | null) => {
  if (!iso) return formatCalendarDay(null);
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return formatCalendarDay(null);
  return `${formatCalendarDay(iso.slice(0, 10))}, ${iso.slice(11, 16)} UTC`;
};

function ReceiptDocument({ receipt }: { receipt: Receipt }) {
  const rows: [string, ReactNode][] = [
    ['Package', receipt.packageName],
    ['Price', formatUsdCents(receipt.priceUsd)],
    ['Discount', receipt.discountUsd > 0 ? `−${formatUsdCents(receipt.discountUsd)}` : formatUsdCents(0)],
    ['Amount paid', `${amount.format(receipt.amountPaid)} ${receipt.currency}`],
    [
      'Transaction ID (TXID)',
      <a key="txid" className="receipt__txid" href={receipt.explorerUrl} target="_blank" rel="noopener noreferrer">
        {receipt.transactionId}
      </a>,
    ],
    ['Approved', approvalTime(receipt.approvedAt)],
    ['Subscription start', formatCalendarDay(receipt.subscription?.startDate)],
    [
      'Subscription end',
      receipt.subscription
        ? formatEndDate({ packageName: receipt.packageName, ...receipt.subscription })
        : formatCalendarDay(null),
    ],
  ];
  return (
    <article className="receipt surface-card" aria-labelledby="receipt-title">
      <header className="receipt__header">
        <p className="receipt__seller">{receipt.sellerName}</p>
        <h1 id="receipt-title" className="receipt__title">
          Receipt
        </h1>
        <p className="receipt__number">
          Receipt number <strong>{receipt.receiptNumber}</strong>
        </p>
      </header>
      <section className="receipt__customer" aria-label="Customer">
        <p>
          Billed to <strong>{receipt.customer.username}</strong>
        </p>
        <p>{receipt.customer.email}</p>
      </section>
      <DescriptionList className="receipt__lines" itemClassName="receipt__line" rows={rows} />
      <p className="receipt__note">
        Paid in {receipt.currency} on the TRON network and verified by {receipt.sellerName}.
      </p>
    </article>
  );
}

/** /dashboard/receipts/:paymentId: a completed payment's receipt, with a print stylesheet for one A4 page. */
export default function ReceiptRoute() {
  useDocumentTitle(paths.receipt.title);
  const { paymentId } = useParams();
  const { data, error, isLoading } = useReceipt(paymentId);

  return (
    <div className="receipt-page">
      <div className="receipt-page__actions">
        <Link to={`${paths.dashboard.path}?tab=billing`} className="receipt-page__back">
          ← Billing History
        </Link>
        {data && <Button onClick={() => window.print()}>Print or save as PDF</Button>}
      </div>
      {isLoading && <PageLoader />}
      {error && (
        <p className="receipt-page__error" role="alert">
          {serverMessage(error) ?? RECEIPT_MESSAGES.loadFailed}
        </p>
      )}
      {data && <ReceiptDocument receipt={data.receipt} />}
    </div>
  );
}
