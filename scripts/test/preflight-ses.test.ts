import { GetAccountCommand, GetEmailIdentityCommand, SESv2Client } from '@aws-sdk/client-sesv2';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkSesIdentity, checkSesSandbox, type MailSettings } from '../preflight/checks/ses.js';
import { accessDenied, serviceError, TARGET } from './preflight-fixtures.js';

const ses = mockClient(SESv2Client);
const client = new SESv2Client({ region: TARGET.region });
const accountPage = 'https://eu-central-1.console.aws.amazon.com/ses/home?region=eu-central-1#/account';
const mail: MailSettings = { mailFrom: 'no-reply@gold.example', mailFromDefaulted: false };
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
  beforeEach(() => ses.reset());

  it('is OK with the domain verified and DKIM SUCCESS, looking up the domain of mailFrom', async () => {
    ses
      .on(GetEmailIdentityCommand, { EmailIdentity: 'gold.example' })
      .resolves({ VerifiedForSendingStatus: true, DkimAttributes: { Status: 'SUCCESS' } });
    expect(await checkSesIdentity(client, TARGET, mail)).toEqual({
      name: 'SES sender no-reply@gold.example',
      ok: true,
      detail: 'domain gold.example verified, DKIM SUCCESS',
    });
  });

  it('asks for the DKIM records while DKIM is pending', async () => {
    ses
      .on(GetEmailIdentityCommand, { EmailIdentity: 'gold.example' })
      .resolves({ VerifiedForSendingStatus: false, DkimAttributes: { Status: 'PENDING' } });
    const result = await checkSesIdentity(client, TARGET, mail);
    expect(result).toMatchObject({ ok: false, detail: 'domain gold.example not verified, DKIM PENDING' });
    expect(result.nextStep).toContain(dkimRecords);
    expect(result.nextStep).toContain('CNAME t._domainkey.gold.example -> t.dkim.amazonses.com');
  });

  it('refuses an address identity alone: verified or not, its mail is not DKIM-signed', async () => {
    ses.on(GetEmailIdentityCommand, { EmailIdentity: 'gold.example' }).rejects(notFound);
    ses
      .on(GetEmailIdentityCommand, { EmailIdentity: 'no-reply@gold.example' })
      .resolves({ VerifiedForSendingStatus: true });
    const verified = await checkSesIdentity(client, TARGET, mail);
    expect(verified).toMatchObject({
      ok: false,
      detail: 'address verified, but its mail is not DKIM-signed (no identity for gold.example)',
    });
    expect(verified.nextStep).toContain(createDomain);
    ses
      .on(GetEmailIdentityCommand, { EmailIdentity: 'no-reply@gold.example' })
      .resolves({ VerifiedForSendingStatus: false });
    expect(await checkSesIdentity(client, TARGET, mail)).toMatchObject({
      ok: false,
      detail: 'address not verified yet, and no identity for its domain',
    });
  });

  it('without any identity: OK when the stack creates the domain, the steps to create it otherwise', async () => {
    ses.on(GetEmailIdentityCommand).rejects(notFound);
    expect(await checkSesIdentity(client, TARGET, { ...mail, sesIdentity: 'domain' })).toMatchObject({
      ok: true,
      detail: expect.stringContaining('Goldbot-Api creates the identity gold.example with Easy DKIM') as unknown,
    });
    const byHand = await checkSesIdentity(client, TARGET, mail);
    expect(byHand).toMatchObject({ ok: false, detail: 'no SES identity for gold.example or no-reply@gold.example' });
    expect(byHand.nextStep).toBe(
      `deploy with -c sesIdentity=domain, or create it by hand: ${createDomain}, then ${dkimRecords} (for each token t: CNAME t._domainkey.gold.example -> t.dkim.amazonses.com)`,
    );
    expect(await checkSesIdentity(client, TARGET, { ...mail, sesIdentity: 'address' })).toMatchObject({
      ok: false,
      detail: expect.stringContaining('sesIdentity=address would create one without DKIM') as unknown,
    });
  });

  it('asks for a real sender when mailFrom is the placeholder, without calling SES', async () => {
    const result = await checkSesIdentity(client, TARGET, {
      mailFrom: 'no-reply@example.com',
      mailFromDefaulted: true,
    });
    expect(result).toMatchObject({ ok: false, detail: 'mailFrom is the placeholder default' });
    expect(result.nextStep).toContain('-c mailFrom=');
    expect(ses.calls()).toHaveLength(0);
  });

  it('names ses:GetEmailIdentity when access is denied', async () => {
    ses.on(GetEmailIdentityCommand).rejects(accessDenied('ses:GetEmailIdentity'));
    expect(await checkSesIdentity(client, TARGET, mail)).toMatchObject({
      ok: false,
      detail: 'not allowed to call ses:GetEmailIdentity',
    });
  });
});
