import { RemovalPolicy } from 'aws-cdk-lib';
import {
  ConfigurationSet,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { Construct } from 'constructs';
import type { SesIdentityKind } from '../settings.js';

export interface MailSendingProps {
  /** The sender (context `mailFrom`). */
  readonly mailFrom: string;
  /**
   * Context `sesIdentity`: `domain` creates the SES identity of mailFrom's domain (Easy DKIM; the
   * three CNAME records are stack outputs), `address` the identity of the address itself (SES mails
   * a verification link). Absent: the identity is verified by hand (docs/operations.md, "SES: sending real mail").
   * Either way the identity is retained when the stack goes (MailSending.identity).
   */
  readonly identity?: SesIdentityKind;
}

/** The SES events published to the mail events topic: what says an address does not take our mail. */
export const MAIL_EVENTS = [EmailSendingEvent.BOUNCE, EmailSendingEvent.COMPLAINT, EmailSendingEvent.REJECT] as const;

/**
 * How the functions send mail in AWS: through a configuration set that publishes reputation metrics
 * (the SES bounce and complaint rate alarms read them), keeps bouncing and complaining addresses on
 * the account's suppression list (SES stops sending to them, which is what protects the sender's
 * reputation), and publishes bounces, complaints and rejects to an SNS topic an operator can
 * subscribe to (a mailbox, a chat hook, a queue).
 */
export class MailSending extends Construct {
  readonly configurationSet: ConfigurationSet;
  readonly eventsTopic: Topic;
  readonly identity?: EmailIdentity;

  constructor(scope: Construct, id: string, props: MailSendingProps) {
    super(scope, id);

    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      reputationMetrics: true,
      sendingEnabled: true,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });

    // Not KMS-encrypted, like the alarm topic: SES would need a key policy of its own, and the
    // notices hold only a recipient address and SES's diagnostic.
    this.eventsTopic = new Topic(this, 'EventsTopic', {
      displayName: 'Goldbot mail bounces and complaints',
      enforceSSL: true,
    });
    this.configurationSet.addEventDestination('BouncesAndComplaints', {
      destination: EventDestination.snsTopic(this.eventsTopic),
      events: [...MAIL_EVENTS],
    });
    if (props.identity) {
      const domain = props.mailFrom.slice(props.mailFrom.lastIndexOf('@') + 1);
      // Retained: the API stack may be destroyed and deployed again (docs/operations.md), but the
      // verified sender, its DKIM records in the domain's DNS and its sending reputation must
      // survive that. Deployed again, the stack cannot adopt it: the next deploy leaves out
      // sesIdentity and uses it as a by-hand identity (`npm run preflight` says so).
      // No default configuration set: SES refuses mail from an identity whose default set was
      // deleted, which the retained identity would outlive; every function names the set itself
      // (SES_CONFIGURATION_SET).
      this.identity = new EmailIdentity(this, 'Identity', {
        identity: props.identity === 'domain' ? Identity.domain(domain) : Identity.email(props.mailFrom),
      });
      this.identity.applyRemovalPolicy(RemovalPolicy.RETAIN);
    }
  }
}
