import { Link } from 'react-router-dom';
import { MINIMUM_AGE, TERMS_CHANGE_NOTICE_DAYS } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { APP_NAME, SUPPORT_EMAIL } from '@/config/brand';
import type { LegalSection } from '../components/legal-document';

/** Privacy Policy: 12 sections; the service is for ages 18+. */
export const PRIVACY_SECTIONS: readonly LegalSection[] = [
  {
    id: 'who-we-are',
    title: 'Who We Are',
    body: (
      <p>
        {APP_NAME} (&ldquo;we&rdquo;, &ldquo;us&rdquo;) operates this website and the {APP_NAME} trading service, and is
        responsible for the personal data described in this policy. You can reach us about privacy at any time at{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    ),
  },
  {
    id: 'data-we-collect',
    title: 'Information We Collect',
    body: (
      <>
        <p>We collect only what we need to run the Service:</p>
        <ul>
          <li>
            <strong>Account data:</strong> username, e-mail address, phone number (optional) and your password, which is
            stored only in hashed form by our identity provider.
          </li>
          <li>
            <strong>Subscription and payment data:</strong> the packages you buy, transaction IDs (TXIDs), amounts,
            referral codes used, and the USDT wallet addresses you give us for withdrawals and refunds.
          </li>
          <li>
            <strong>Messages:</strong> what you send us through the contact form or by e-mail.
          </li>
          <li>
            <strong>Technical data:</strong> IP address, browser type and request logs, kept to secure and operate the
            Service.
          </li>
        </ul>
        <p>We never ask for, and never store, the password that lets anyone withdraw from your trading account.</p>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How We Use Your Information',
    body: (
      <ul>
        <li>To create and secure your account, including one-time codes sent by e-mail.</li>
        <li>To verify payments, activate packages and pay referral earnings, withdrawals and refunds.</li>
        <li>To send service e-mails such as activation notices, expiry reminders and changes to our terms.</li>
        <li>To answer your questions and provide support.</li>
        <li>To prevent fraud and abuse, and to meet our legal obligations.</li>
      </ul>
    ),
  },
  {
    id: 'legal-bases',
    title: 'Legal Bases for Processing',
    body: (
      <p>
        We process your data to perform our contract with you (running your account and packages), to comply with legal
        obligations (for example accounting records), and for our legitimate interests in keeping the Service secure and
        improving it. Where we rely on your consent, you can withdraw it at any time.
      </p>
    ),
  },
  {
    id: 'cookies-storage',
    title: 'Cookies and Local Storage',
    body: (
      <p>
        We do not use advertising or tracking cookies. Your browser&rsquo;s local storage keeps your sign-in session (an
        access token and basic profile details) so you stay signed in; signing out removes it. Videos are embedded from
        a video-sharing service in privacy-enhanced mode and load only when you choose to play them; that service then
        applies its own privacy policy.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Sharing Your Information',
    body: (
      <>
        <p>We do not sell your personal data. We share it only with:</p>
        <ul>
          <li>service providers that host and run the Service for us (cloud hosting, e-mail delivery, identity);</li>
          <li>Google, if you choose to sign in with your Google account;</li>
          <li>authorities, where the law requires it.</li>
        </ul>
        <p>Each provider may use your data only to provide its service to us, under a written agreement.</p>
      </>
    ),
  },
  {
    id: 'transfers',
    title: 'International Transfers',
    body: (
      <p>
        Our providers may process data in countries other than yours. Where they do, we rely on adequacy decisions or
        standard contractual clauses so your data keeps the same level of protection.
      </p>
    ),
  },
  {
    id: 'retention',
    title: 'How Long We Keep Data',
    body: (
      <p>
        We keep account data while your account is open. Payment records are kept for as long as accounting and tax law
        requires. One-time codes expire after minutes and are deleted automatically. Support messages are deleted when
        they are no longer needed to help you.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        All traffic is encrypted in transit, data is encrypted at rest, and access is limited to the staff who need it.
        Passwords are never stored in readable form, and one-time codes are stored only as keyed hashes. No system is
        perfectly secure, so please use a strong, unique password and keep it private.
      </p>
    ),
  },
  {
    id: 'your-rights',
    title: 'Your Rights',
    body: (
      <p>
        Depending on where you live, you may have the right to access, correct, delete or export your data, and to
        object to or restrict how we use it. Write to <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> and we
        will answer within 30 days. You can also complain to your data-protection authority.
      </p>
    ),
  },
  {
    id: 'age',
    title: 'Age Requirement',
    body: (
      <p>
        The Service is only for people aged <strong>{MINIMUM_AGE} and over</strong>. We do not knowingly collect data
        from anyone younger; if we learn that we have, we delete it and close the account.
      </p>
    ),
  },
  {
    id: 'changes-contact',
    title: 'Changes to this Policy and Contact',
    body: (
      <p>
        We will post any change to this policy on this page and, for significant changes, e-mail you at least{' '}
        {TERMS_CHANGE_NOTICE_DAYS} days in advance. Questions? Contact us at{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a> or through our{' '}
        <Link to={paths.contact.getHref()}>contact page</Link>.
      </p>
    ),
  },
];
