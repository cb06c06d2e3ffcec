import type { CloudFormationClient } from '@aws-sdk/client-cloudformation';
import {
  GetAccountCommand,
  GetEmailIdentityCommand,
  type GetEmailIdentityCommandOutput,
  type SESv2Client,
} from '@aws-sdk/client-sesv2';
import { failedCall, isNotFound } from '../aws-errors.js';
import { ok, todo, type CheckResult } from '../report.js';
import { API_STACK_NAME, stackHoldsResource } from '../stack-resources.js';
import { cliFlags, consoleUrl, type Target } from '../target.js';

/** The SES settings the checks need, as infra/lib/settings.ts reads them. */
export interface MailSettings {
  readonly mailFrom: string;
  readonly sesIdentity?: 'domain' | 'address';
  /** True when mailFrom fell back to the placeholder default. */
  readonly mailFromDefaulted: boolean;
}

/** SESv2 GetAccount: out of the sandbox (production access) and sending enabled. */
export async function checkSesSandbox(ses: SESv2Client, target: Target): Promise<CheckResult> {
  const name = `SES production access (${target.region})`;
  const accountPage = consoleUrl('ses', target.region, '#/account');
  let account;
  try {
    account = await ses.send(new GetAccountCommand({}));
  } catch (error) {
    return failedCall(name, 'ses:GetAccount', error);
  }
  if (account.SendingEnabled === false) {
    return todo(name, 'sending is paused for this account', `see why and ask to resume on ${accountPage}`);
  }
  if (account.ProductionAccessEnabled) return ok(name, 'out of the sandbox');
  const review = account.Details?.ReviewDetails?.Status;
  if (review === 'PENDING') {
    return todo(
      name,
      'in the sandbox, production access requested and under review',
      `wait for AWS's answer (Support Center case ${account.Details?.ReviewDetails?.CaseId ?? 'in the console'}); until then mail only reaches verified addresses`,
    );
  }
  return todo(
    name,
    `in the sandbox${review ? ` (last request ${review})` : ''}: mail only reaches verified addresses, 200 a day`,
    `request production access on ${accountPage} ("Request production access", mail type Transactional)`,
  );
}

/** GetEmailIdentity, with "no such identity" as undefined. */
async function findIdentity(ses: SESv2Client, identity: string): Promise<GetEmailIdentityCommandOutput | undefined> {
  try {
    return await ses.send(new GetEmailIdentityCommand({ EmailIdentity: identity }));
  } catch (error) {
    if (isNotFound(error)) return undefined;
    throw error;
  }
}

/**
 * The sender identity: mailFrom's domain verified with Easy DKIM (mail from an address identity
 * alone is not DKIM-signed). The API stack may create it itself (sesIdentity=domain or address); then
 * the identity must not exist yet unless the stack's own resources hold it: CloudFormation cannot
 * adopt an identity made by hand, or one retained from an earlier API stack, and its create fails
 * with "already exists" and rolls the deploy back.
 */
export async function checkSesIdentity(
  ses: SESv2Client,
  cloudFormation: CloudFormationClient,
  target: Target,
  mail: MailSettings,
): Promise<CheckResult> {
  const name = `SES sender ${mail.mailFrom}`;
  if (mail.mailFromDefaulted) {
    return todo(
      name,
      'mailFrom is the placeholder default',
      'pass -c mailFrom=<an address on a domain you own> to the preflight and to every deploy',
    );
  }
  const domain = mail.mailFrom.slice(mail.mailFrom.lastIndexOf('@') + 1).toLowerCase();
  const createDomain = `aws sesv2 create-email-identity --email-identity ${domain} ${cliFlags(target)}`;
  const dkimRecords = `aws sesv2 get-email-identity --email-identity ${domain} ${cliFlags(target)} --query DkimAttributes.Tokens (for each token t: CNAME t._domainkey.${domain} -> t.dkim.amazonses.com)`;
  let domainIdentity;
  let addressIdentity;
  try {
    domainIdentity = await findIdentity(ses, domain);
    addressIdentity =
      domainIdentity && mail.sesIdentity !== 'address' ? undefined : await findIdentity(ses, mail.mailFrom);
  } catch (error) {
    return failedCall(name, 'ses:GetEmailIdentity', error);
  }

  if (mail.sesIdentity) {
    // The identity the stack would create, when it exists already.
    const created = mail.sesIdentity === 'domain' ? domain : mail.mailFrom;
    if (mail.sesIdentity === 'domain' ? domainIdentity : addressIdentity) {
      let ours;
      try {
        ours = await stackHoldsResource(cloudFormation, API_STACK_NAME, 'AWS::SES::EmailIdentity', created);
      } catch (error) {
        return failedCall(name, 'cloudformation:ListStackResources', error);
      }
      if (!ours) {
        return todo(
          name,
          `the SES identity ${created} already exists outside ${API_STACK_NAME} (made by hand, or retained from an ` +
            `earlier ${API_STACK_NAME}): with sesIdentity=${mail.sesIdentity} the deploy would fail to create it ` +
            '("already exists") and roll back',
          `drop sesIdentity (leave out -c sesIdentity=${mail.sesIdentity}, and remove it from cdk.json): the deploy ` +
            `then sends from the existing identity as it is`,
        );
      }
    }
  }

  if (domainIdentity) {
    const dkim = domainIdentity.DkimAttributes?.Status ?? 'NOT_STARTED';
    if (domainIdentity.VerifiedForSendingStatus && dkim === 'SUCCESS') {
      return ok(name, `domain ${domain} verified, DKIM ${dkim}`);
    }
    return todo(
      name,
      `domain ${domain} ${domainIdentity.VerifiedForSendingStatus ? 'verified' : 'not verified'}, DKIM ${dkim}`,
      `publish its DKIM records: ${dkimRecords}`,
    );
  }
  if (addressIdentity) {
    return todo(
      name,
      addressIdentity.VerifiedForSendingStatus
        ? `address verified, but its mail is not DKIM-signed (no identity for ${domain})`
        : 'address not verified yet, and no identity for its domain',
      `verify the domain with Easy DKIM: ${createDomain}, then ${dkimRecords}; or deploy with -c sesIdentity=domain`,
    );
  }
  if (mail.sesIdentity === 'domain') {
    return ok(
      name,
      `Goldbot-Api creates the identity ${domain} with Easy DKIM (sesIdentity=domain); publish the DKIM records it outputs`,
    );
  }
  return todo(
    name,
    `no SES identity for ${domain} or ${mail.mailFrom}${mail.sesIdentity === 'address' ? ' (sesIdentity=address would create one without DKIM)' : ''}`,
    `deploy with -c sesIdentity=domain, or create it by hand: ${createDomain}, then ${dkimRecords}`,
  );
}
