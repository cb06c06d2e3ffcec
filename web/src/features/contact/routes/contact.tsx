import { CONTACT } from '@goldbot/shared';
import { paths } from '@/config/paths';
import { PageFrame } from '@/components/layout/page-frame';
import { useSession } from '@/features/auth/auth-public';
import { ContactForm } from '../components/contact-form';
import { SupportChannels } from '../components/support-channels';
import './contact.css';
import { DescriptionList } from '@/components/ui/description-list';

export default function ContactRoute() {
  const { user } = useSession();
  return (
    <PageFrame
      title={paths.contact.title}
      lead={`Questions about the bot, your subscription or a payment? Send us a message and we will get back to you ${CONTACT.responseTime}.`}
      className="contact-page"
    >
      <section aria-labelledby="support-channels-heading" className="contact-page__channels">
        <h2 id="support-channels-heading" className="visually-hidden">
          Ways to reach us
        </h2>
        <SupportChannels />
      </section>

      <div className="contact-page__body">
        <section aria-labelledby="contact-form-heading" className="contact-page__panel">
          {/* Its accessible name must not contain "Name", "Email" or "Message": tests find fields by label. */}
          <h2 id="contact-form-heading" className="contact-page__heading">
            Write to us
          </h2>
          <ContactForm user={user} />
        </section>

        <aside aria-labelledby="support-hours-heading" className="contact-page__panel contact-page__hours">
          <h2 id="support-hours-heading" className="contact-page__heading">
            Support hours
          </h2>
          <DescriptionList
            className="contact-page__facts"
            rows={[
              ['Response time', `We answer every message ${CONTACT.responseTime}.`],
              ['Working hours', CONTACT.workingHours],
            ]}
          />
        </aside>
      </div>
    </PageFrame>
  );
}
