import { paths } from '@/config/paths';
import { APP_NAME } from '@/config/brand';
import { LegalDocument } from '../components/legal-document';
import { PRIVACY_SECTIONS } from '../content/privacy';
import { LEGAL_LAST_UPDATED } from '../content/terms-of-service';

export default function PrivacyPolicyRoute() {
  return (
    <LegalDocument
      title={paths.privacyPolicy.title}
      lead={`What personal data ${APP_NAME} collects, why, how long we keep it, and the rights you have over it.`}
      lastUpdated={LEGAL_LAST_UPDATED}
      sections={PRIVACY_SECTIONS}
    />
  );
}
