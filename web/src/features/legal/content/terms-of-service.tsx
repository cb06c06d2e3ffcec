import { Link } from 'react-router-dom';
import {
  FREE_COPY_TRADE_PROFIT_SPLIT_PERCENT,
  MINIMUM_AGE,
  PAYMENT,
  REFERRAL,
  REFUND_GUARANTEE_DAYS,
  TERMS_CHANGE_NOTICE_DAYS,
  WITHDRAWAL,
} from '@goldbot/shared';
import { paths } from '@/config/paths';
import { APP_NAME, SUPPORT_EMAIL } from '@/config/brand';
import type { LegalSection } from '../components/legal-document';

export const LEGAL_LAST_UPDATED = 'November 1, 2026';

/** Terms of Service: 11 sections, carrying the business facts (prices, refund window, profit split) the site states elsewhere. */
export const TERMS_SECTIONS: readonly LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of these Terms',
    body: (
      <>
        <p>
          These Terms of Service (the &ldquo;Terms&rdquo;) form an agreement between you and {APP_NAME} (&ldquo;
          {APP_NAME}&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo;) about your use of this website, your account and the
          trading software and services we provide (together, the &ldquo;Service&rdquo;).
        </p>
        <p>
          By creating an account, buying a package or otherwise using the Service you confirm that you have read,
          understood and accepted these Terms and our <Link to={paths.privacyPolicy.getHref()}>Privacy Policy</Link>. If
          you do not agree, please do not use the Service.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Eligibility',
    body: (
      <>
        <p>
          The Service is intended only for adults. You must be at least <strong>{MINIMUM_AGE} years old</strong>, and of
          legal age to enter into a binding contract where you live, to open an account.
        </p>
        <p>
          You are responsible for making sure that trading leveraged products such as XAUUSD, and using automated
          trading software, is legal in your country of residence. We may refuse or close accounts where it is not.
        </p>
      </>
    ),
  },
  {
    id: 'service',
    title: 'The Service',
    body: (
      <>
        <p>
          {APP_NAME} provides automated trading software that trades gold against the US dollar (XAUUSD) on a MetaTrader
          5 account opened by you with a broker of your choice, and a free copy-trading option through a broker&rsquo;s
          social trading platform.
        </p>
        <ul>
          <li>
            Your trading account and the money in it remain yours at all times. We connect through a{' '}
            <strong>read-only connection</strong> for monitoring and never hold, receive or withdraw your trading funds.
          </li>
          <li>
            We are not a broker, bank or investment adviser, and nothing on this website is personal financial advice.
          </li>
          <li>
            We may improve, update or change the trading strategy and software from time to time to keep it effective
            and secure.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your Account',
    body: (
      <>
        <p>
          You must give accurate information when you register and keep it up to date. Your account is personal: keep
          your password confidential and tell us immediately at <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>{' '}
          if you suspect anyone else has used it.
        </p>
        <p>
          You are responsible for everything done through your account, including the MetaTrader 5 credentials you
          connect to the Service.
        </p>
      </>
    ),
  },
  {
    id: 'packages-payments',
    title: 'Packages, Prices and Payment',
    body: (
      <>
        <p>
          The packages on offer, their duration and their current prices are shown on the{' '}
          <Link to={paths.pricing.getHref()}>pricing page</Link>. Free Copy Trade costs nothing up front; instead{' '}
          {FREE_COPY_TRADE_PROFIT_SPLIT_PERCENT}% of the profit made on your account is yours and the remainder is our
          fee.
        </p>
        <p>
          Paid packages are paid in USDT on the {PAYMENT.walletNetwork} network to the wallet address shown in your
          dashboard. After paying you submit the transaction ID (TXID); we verify the payment manually and activate your
          package, normally within {PAYMENT.verificationHours} hours. Each TXID can be used for one payment only. You
          are responsible for sending the exact amount to the correct address and network; network fees are yours.
        </p>
      </>
    ),
  },
  {
    id: 'refunds',
    title: 'Money-Back Guarantee and Refunds',
    body: (
      <>
        <p>
          <strong>{REFUND_GUARANTEE_DAYS}-day money-back guarantee.</strong> If you are not satisfied with a paid
          package, ask for a refund from Billing History within {REFUND_GUARANTEE_DAYS} days of our approving your
          payment and we will refund the price you paid in full, with no questions asked. The package ends when the
          refund is paid.
        </p>
        <p>
          <strong>No profit, no fee.</strong> If the bot closes a full subscription month on your account without a
          profit, we refund the fee for that month. You do not need to ask for this refund; we review every subscription
          month and pay it automatically.
        </p>
        <p>
          Refunds are paid in USDT to a wallet address you give us. Refunds cover package fees only, never trading
          losses on your account.
        </p>
      </>
    ),
  },
  {
    id: 'referrals',
    title: 'Referral Programme',
    body: (
      <>
        <p>
          Every account receives a personal referral code. A new customer who uses your code receives a discount of $
          {REFERRAL.discountUsd} on the Basic Package, and you earn ${REFERRAL.rewardUsd} for each friend who buys a
          Basic Package with it, once that payment is verified.
        </p>
        <p>
          Referral earnings can be withdrawn in USDT ({WITHDRAWAL.network}) from a minimum of ${WITHDRAWAL.minimumUsd}.
          Requests are reviewed within {WITHDRAWAL.reviewHours} hours and paid {WITHDRAWAL.processingHours} hours after
          approval. Self-referrals, fake accounts and other abuse void the earnings concerned.
        </p>
      </>
    ),
  },
  {
    id: 'risk',
    title: 'Risk Disclosure',
    body: (
      <>
        <p>
          <strong>Trading gold and other leveraged products carries a high level of risk</strong> and may not be
          suitable for every investor. Leverage can work against you as well as for you, and you may lose some or all of
          the money in your trading account.
        </p>
        <p>
          Past performance, including the win ratio, the monthly returns and the reports published on this website, is
          not a reliable indicator of future results. Return targets describe what a package is designed to achieve;
          they are backed by the refund terms in section 6, not by a promise of market results. Only trade with money
          you can afford to lose, and seek independent advice if in doubt.
        </p>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable Use and Intellectual Property',
    body: (
      <>
        <p>
          The software, strategy, website and content are owned by {APP_NAME} or its licensors. Your package gives you a
          personal, non-transferable licence to use the Service for your own trading for the package&rsquo;s duration.
          Ultimate Package holders receive a local copy of the bot for their own accounts only.
        </p>
        <p>
          You must not copy, resell, share, decompile or reverse engineer the software, share your account, or use the
          Service for anything unlawful.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Liability, Suspension and Termination',
    body: (
      <>
        <p>
          To the extent the law allows, {APP_NAME} is not liable for trading losses, for losses caused by your broker,
          internet or platform outages, or for indirect or consequential losses. Our total liability to you is limited
          to the fees you paid us in the twelve months before the claim. Nothing in these Terms limits liability that
          cannot be limited by law.
        </p>
        <p>
          You may close your account at any time. We may suspend or close an account that breaks these Terms, after
          telling you why where we are allowed to.
        </p>
      </>
    ),
  },
  {
    id: 'changes-contact',
    title: 'Changes to these Terms and Contact',
    body: (
      <>
        <p>
          We may update these Terms to reflect changes to the Service or the law. We will e-mail you at least{' '}
          <strong>{TERMS_CHANGE_NOTICE_DAYS} days&rsquo; notice</strong> before a change takes effect and publish the
          new version on this page. If you do not accept a change you may close your account before it takes effect.
        </p>
        <p>
          Questions about these Terms? Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or use our{' '}
          <Link to={paths.contact.getHref()}>contact page</Link>.
        </p>
      </>
    ),
  },
];
