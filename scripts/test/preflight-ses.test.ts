import { CloudFormationClient, ListStackResourcesCommand } from '@aws-sdk/client-cloudformation';
import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkSesIdentity as checkIdentity, checkSesSandbox, type MailSettings } from '../preflight/checks/ses.js';
import { accessDenied, serviceError, TARGET } from './preflight-fixtures.js';

const ses = mockClient(SESv2Client);
const cloudFormation = mockClient(CloudFormationClient);
const client = new SESv2Client({ region: TARGET.region });
const stacks = new CloudFormationClient({ region: TARGET.region });
const checkSesIdentity = (target: typeof TARGET, mail: MailSettings) => checkIdentity(client, stacks, target, mail);
const accountPage = 'https://eu-central-1.console.aws.amazon.com/ses/home?region=eu-central-1#/account';
const mail: MailSettings = { mailFrom: 'no-reply@gold.example', mailFromDefaulted: false };
const resource = (type: string, id: string) => ({
  ResourceType: type,
  PhysicalResourceId: id,
  LogicalResourceId: 'Resource',
  ResourceStatus: 'CREATE_COMPLETE' as const,
  LastUpdatedTimestamp: new Date(),
});
const notFound = serviceError('NotFoundException', 'Email identity does not exist', 404);
const createDomain =
  'aws sesv2 create-email-identity --email-identity gold.example --region eu-central-1 --profile goldbot';
const dkimRecords =
  'aws sesv2 get-email-identity --email-identity gold.example --region eu-central-1 --profile goldbot --query DkimAttributes.Tokens';

describe('SES sandbox check', () => {
  beforeEach(() => ses.reset());

  it('is OK with production access', async () => {
    ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: true, SendingEnabled: true });
    expect(await checkSesSandbox(client, TARGET)).toEqual({
      name: 'SES production access (eu-central-1)',
      ok: true,
      detail: 'out of the sandbox',
    });
  });

  it('sends a sandboxed account to the request page, naming a denied earlier request', async () => {
    ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: false, SendingEnabled: true });
    expect(await checkSesSandbox(client, TARGET)).toMatchObject({
      ok: false,
      detail: 'in the sandbox: mail only reaches verified addresses, 200 a day',
      nextStep: `request production access on ${accountPage} ("Request production access", mail type Transactional)`,
    });
    ses.on(GetAccountCommand).resolves({
      ProductionAccessEnabled: false,
      Details: { ReviewDetails: { Status: 'DENIED', CaseId: '42' } },
    });
    expect(await checkSesSandbox(client, TARGET)).toMatchObject({
      ok: false,
      detail: 'in the sandbox (last request DENIED): mail only reaches verified addresses, 200 a day',
    });
  });

  it('says to wait for a request under review, with its case', async () => {
    ses.on(GetAccountCommand).resolves({
      ProductionAccessEnabled: false,
      Details: { ReviewDetails: { Status: 'PENDING', CaseId: '1234' } },
    });
    const result = await checkSesSandbox(client, TARGET);
    expect(result).toMatchObject({ ok: false, detail: 'in the sandbox, production access requested and under review' });
    expect(result.nextStep).toContain('Support Center case 1234');
  });

  it('reports paused sending even with production access', async () => {
    ses.on(GetAccountCommand).resolves({ ProductionAccessEnabled: true, SendingEnabled: false });
    expect(await checkSesSandbox(client, TARGET)).toMatchObject({
      ok: false,
      detail: 'sending is paused for this account',
      nextStep: `see why and ask to resume on ${accountPage}`,
    });
  });

  it('names ses:GetAccount when access is denied', async () => {
    ses.on(GetAccountCommand).rejects(accessDenied('ses:GetAccount'));
    expect(await checkSesSandbox(client, TARGET)).toMatchObject({
      ok: false,
      detail: 'not allowed to call ses:GetAccount',
    });
  });
});

describe('SES sender identity check', () => {
  beforeEach(() => {
    ses.reset();
    cloudFormation.reset();
  });

  it('is OK with the domain verified and DKIM SUCCESS, looking up the domain of mailFrom', async () => {
    ses
      .on(GetEmailIdentityCommand, { EmailIdentity: 'gold.example' })
      .resolves({ VerifiedForSendingStatus: true, DkimAttributes: { Status: 'SUCCESS' } });
    expect(await checkSesIdentity(TARGET, mail)).toEqual({
      name: 'SES sender no-reply@gold.example',
      ok: true,
      detail: 'domain gold.example verified, DKIM SUCCESS',
    });
  });

  it('asks for the DKIM records while DKIM is pending', async () => {
    ses
      .on(GetEmailIdentityCommand, { EmailIdentity: 'gold.example' })
      .resolves({ VerifiedForSendingStatus: false, DkimAttributes: { Status: 'PENDING' } });
    const result = await checkSesIdentity(TARGET, mail);
    expect(result).toMatchObject({ ok: false, detail: 'domain gold.example not verified, DKIM PENDING' });
    expect(result.nextStep).toContain(dkimRecords);
    expect(result.nextStep).toContain('CNAME t._domainkey.gold.example -> t.dkim.amazonses.com');
  });

  it('refuses an address identity alone: verified or not, its mail is not DKIM-signed', async () => {
    ses.on(GetEmailIdentityCommand, { EmailIdentity: 'gold.example' }).rejects(notFound);
    ses
      .on(GetEmailIdentityCommand, { EmailIdentity: 'no-reply@gold.example' })
      .resolves({ VerifiedForSendingStatus: true });
    const verified = await checkSesIdentity(TARGET, mail);
    expect(verified).toMatchObject({
      ok: false,
      detail: 'address verified, but its mail is not DKIM-signed (no identity for gold.example)',
    });
    expect(verified.nextStep).toContain(createDomain);
    ses
      .on(GetEmailIdentityCommand, { EmailIdentity: 'no-reply@gold.example' })
      .resolves({ VerifiedForSendingStatus: false });
    expect(await checkSesIdentity(TARGET, mail)).toMatchObject({
      ok: false,
      detail: 'address not verified yet, and no identity for its domain',
    });
  });

  it('without any identity: OK when the stack creates the domain, the steps to create it otherwise', async () => {
    ses.on(GetEmailIdentityCommand).rejects(notFound);
    expect(await checkSesIdentity(TARGET, { ...mail, sesIdentity: 'domain' })).toMatchObject({
      ok: true,
      detail: expect.stringContaining('Goldbot-Api creates the identity gold.example with Easy DKIM') as unknown,
    });
    const byHand = await checkSesIdentity(TARGET, mail);
    expect(byHand).toMatchObject({ ok: false, detail: 'no SES identity for gold.example or no-reply@gold.example' });
    expect(byHand.nextStep).toBe(
      `deploy with -c sesIdentity=domain, or create it by hand: ${createDomain}, then ${dkimRecords} (for each token t: CNAME t._domainkey.gold.example -> t.dkim.amazonses.com)`,
    );
    expect(await checkSesIdentity(TARGET, { ...mail, sesIdentity: 'address' })).toMatchObject({
      ok: false,
      detail: expect.stringContaining('sesIdentity=address would create one without DKIM') as unknown,
    });
  });

  it('asks for a real sender when mailFrom is the placeholder, without calling SES', async () => {
    const result = await checkSesIdentity(TARGET, {
      mailFrom: 'no-reply@example.com',
      mailFromDefaulted: true,
    });
    expect(result).toMatchObject({ ok: false, detail: 'mailFrom is the placeholder default' });
    expect(result.nextStep).toContain('-c mailFrom=');
    expect(ses.calls()).toHaveLength(0);
  });

  it('looks at no stack when the stack does not create the identity', async () => {
    ses.on(GetEmailIdentityCommand).resolves({ VerifiedForSendingStatus: true, DkimAttributes: { Status: 'SUCCESS' } });
    expect(await checkSesIdentity(TARGET, mail)).toMatchObject({ ok: true });
    expect(cloudFormation.calls()).toHaveLength(0);
  });

  it('asks to drop sesIdentity when the identity it would create exists outside Goldbot-Api', async () => {
    ses
      .on(GetEmailIdentityCommand, { EmailIdentity: 'gold.example' })
      .resolves({ VerifiedForSendingStatus: true, DkimAttributes: { Status: 'SUCCESS' } });
    cloudFormation
      .on(ListStackResourcesCommand, { StackName: 'Goldbot-Api' })
      .resolves({ StackResourceSummaries: [resource('AWS::SES::ConfigurationSet', 'goldbot-mail')] });
    const expected = {
      name: 'SES sender no-reply@gold.example',
      ok: false,
      detail:
        'the SES identity gold.example already exists outside Goldbot-Api (made by hand, or retained from an earlier ' +
        'Goldbot-Api): with sesIdentity=domain the deploy would fail to create it ("already exists") and roll back',
      nextStep:
        'drop sesIdentity (leave out -c sesIdentity=domain, and remove it from cdk.json): the deploy then sends from ' +
        'the existing identity as it is',
    };
    expect(await checkSesIdentity(TARGET, { ...mail, sesIdentity: 'domain' })).toEqual(expected);
    // No Goldbot-Api at all (a first deploy, or the stack destroyed and its identity retained): the same.
    cloudFormation
      .on(ListStackResourcesCommand)
      .rejects(serviceError('ValidationError', 'Stack with id Goldbot-Api does not exist'));
    expect(await checkSesIdentity(TARGET, { ...mail, sesIdentity: 'domain' })).toEqual(expected);
  });

  it("goes on to the identity's state when Goldbot-Api's own resources hold it (found on a later page)", async () => {
    ses
      .on(GetEmailIdentityCommand, { EmailIdentity: 'gold.example' })
      .resolves({ VerifiedForSendingStatus: false, DkimAttributes: { Status: 'PENDING' } });
    cloudFormation
      .on(ListStackResourcesCommand, { StackName: 'Goldbot-Api', NextToken: undefined })
      .resolves({ StackResourceSummaries: [resource('AWS::SES::ConfigurationSet', 'x')], NextToken: 'p2' })
      .on(ListStackResourcesCommand, { StackName: 'Goldbot-Api', NextToken: 'p2' })
      .resolves({ StackResourceSummaries: [resource('AWS::SES::EmailIdentity', 'Gold.example')] });
    expect(await checkSesIdentity(TARGET, { ...mail, sesIdentity: 'domain' })).toMatchObject({
      ok: false,
      detail: 'domain gold.example not verified, DKIM PENDING',
    });
  });

  it('with sesIdentity=address, checks the address: an existing domain identity is no conflict', async () => {
    ses
      .on(GetEmailIdentityCommand, { EmailIdentity: 'gold.example' })
      .resolves({ VerifiedForSendingStatus: true, DkimAttributes: { Status: 'SUCCESS' } })
      .on(GetEmailIdentityCommand, { EmailIdentity: 'no-reply@gold.example' })
      .rejects(notFound);
    expect(await checkSesIdentity(TARGET, { ...mail, sesIdentity: 'address' })).toMatchObject({ ok: true });
    expect(cloudFormation.calls()).toHaveLength(0);
    ses
      .on(GetEmailIdentityCommand, { EmailIdentity: 'no-reply@gold.example' })
      .resolves({ VerifiedForSendingStatus: true });
    cloudFormation.on(ListStackResourcesCommand).resolves({ StackResourceSummaries: [] });
    expect(await checkSesIdentity(TARGET, { ...mail, sesIdentity: 'address' })).toMatchObject({
      ok: false,
      detail: expect.stringContaining(
        'the SES identity no-reply@gold.example already exists outside Goldbot-Api',
      ) as unknown,
      nextStep: expect.stringContaining('drop sesIdentity (leave out -c sesIdentity=address') as unknown,
    });
  });

  it('names cloudformation:ListStackResources when it may not look at the stack', async () => {
    ses.on(GetEmailIdentityCommand).resolves({ VerifiedForSendingStatus: true, DkimAttributes: { Status: 'SUCCESS' } });
    cloudFormation.on(ListStackResourcesCommand).rejects(serviceError('AccessDenied', 'no', 403));
    expect(await checkSesIdentity(TARGET, { ...mail, sesIdentity: 'domain' })).toMatchObject({
      ok: false,
      detail: 'not allowed to call cloudformation:ListStackResources',
    });
  });

  it('names ses:GetEmailIdentity when access is denied', async () => {
    ses.on(GetEmailIdentityCommand).rejects(accessDenied('ses:GetEmailIdentity'));
    expect(await checkSesIdentity(TARGET, mail)).toMatchObject({
      ok: false,
      detail: 'not allowed to call ses:GetEmailIdentity',
    });
  });
});
