import { paths } from '@/config/paths';
import { APP_NAME } from '@/config/brand';
import { LegalDocument } from '../components/legal-document';
import { LEGAL_LAST_UPDATED, TERMS_SECTIONS } from '../content/terms-of-service';

export default function TermsRoute() {
  return (
    <LegalDocument
      title={paths.terms.title}
      lead={`The agreement between you and ${APP_NAME}: accounts, packages, payments, refunds, referrals and the risks of trading.`}
      lastUpdated={LEGAL_LAST_UPDATED}
      sections={TERMS_SECTIONS}
    />
  );
}
