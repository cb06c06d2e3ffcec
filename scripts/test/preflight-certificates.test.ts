import { ACMClient, DescribeCertificateCommand } from '@aws-sdk/client-acm';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { checkCertificate, covers, type CertificateWanted } from '../preflight/checks/certificates.js';
import { accessDenied, serviceError, TARGET } from './preflight-fixtures.js';

const acm = mockClient(ACMClient);
const client = new ACMClient({ region: 'us-east-1' });
const site: CertificateWanted = {
  use: 'Site',
  domainName: 'www.gold.example',
  certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/abc-123',
  region: 'us-east-1',
};
const request =
  'aws acm request-certificate --domain-name www.gold.example --validation-method DNS --region us-east-1 --profile goldbot';

describe('certificate check', () => {
  beforeEach(() => acm.reset());

  it('matches exact names and one-level wildcards only', () => {
    expect(covers('www.gold.example', 'www.gold.example')).toBe(true);
    expect(covers('*.gold.example', 'www.gold.example')).toBe(true);
    expect(covers('*.gold.example', 'a.www.gold.example')).toBe(false);
    expect(covers('*.gold.example', 'gold.example')).toBe(false);
    expect(covers('api.gold.example', 'www.gold.example')).toBe(false);
  });

  it('is OK when issued in the right region for the domain (a SAN or a wildcard counts)', async () => {
    acm.on(DescribeCertificateCommand, { CertificateArn: site.certificateArn }).resolves({
      Certificate: { DomainName: 'gold.example', SubjectAlternativeNames: ['*.gold.example'], Status: 'ISSUED' },
    });
    expect(await checkCertificate(client, TARGET, site)).toEqual({
      name: 'Site certificate for www.gold.example',
      ok: true,
      detail: 'ISSUED in us-east-1',
    });
  });

  it('refuses a certificate in another region than its use needs, without calling ACM', async () => {
    const api = {
      ...site,
      use: 'API',
      certificateArn: 'arn:aws:acm:us-east-1:123456789012:certificate/x',
      region: 'eu-central-1',
    };
    const result = await checkCertificate(client, TARGET, api);
    expect(result).toMatchObject({ ok: false, detail: 'the certificate is in us-east-1, it must be in eu-central-1' });
    expect(result.nextStep).toContain('--region eu-central-1');
    expect(acm.calls()).toHaveLength(0);
  });

  it('gives the validation record while validation is pending', async () => {
    acm.on(DescribeCertificateCommand).resolves({
      Certificate: {
        DomainName: 'www.gold.example',
        Status: 'PENDING_VALIDATION',
        DomainValidationOptions: [
          {
            DomainName: 'www.gold.example',
            ResourceRecord: { Name: '_x1.www.gold.example.', Type: 'CNAME', Value: '_y2.acm-validations.aws.' },
          },
        ],
      },
    });
    expect(await checkCertificate(client, TARGET, site)).toMatchObject({
      ok: false,
      detail: 'PENDING_VALIDATION in us-east-1',
      nextStep: 'add the DNS record _x1.www.gold.example. CNAME _y2.acm-validations.aws. and wait for ACM to issue it',
    });
    acm
      .on(DescribeCertificateCommand)
      .resolves({ Certificate: { DomainName: 'www.gold.example', Status: 'PENDING_VALIDATION' } });
    expect((await checkCertificate(client, TARGET, site)).nextStep).toContain(
      `aws acm describe-certificate --certificate-arn ${site.certificateArn} --region us-east-1 --profile goldbot`,
    );
  });

  it('asks for a new certificate when it is expired or failed, or for another domain', async () => {
    acm.on(DescribeCertificateCommand).resolves({ Certificate: { DomainName: 'www.gold.example', Status: 'EXPIRED' } });
    expect(await checkCertificate(client, TARGET, site)).toMatchObject({
      ok: false,
      detail: 'EXPIRED in us-east-1',
      nextStep: `${request}, then pass the new ARN`,
    });
    acm
      .on(DescribeCertificateCommand)
      .resolves({ Certificate: { DomainName: 'shop.other.example', Status: 'ISSUED' } });
    expect(await checkCertificate(client, TARGET, site)).toMatchObject({
      ok: false,
      detail: 'the certificate is for shop.other.example, not www.gold.example',
      nextStep: request,
    });
  });

  it('reports an ARN ACM does not know, and a denied call', async () => {
    acm.on(DescribeCertificateCommand).rejects(serviceError('ResourceNotFoundException', 'Could not find certificate'));
    expect(await checkCertificate(client, TARGET, site)).toMatchObject({
      ok: false,
      detail: `no certificate ${site.certificateArn} in us-east-1`,
      nextStep: `check the ARN, or ${request}`,
    });
    acm.on(DescribeCertificateCommand).rejects(accessDenied('acm:DescribeCertificate'));
    expect(await checkCertificate(client, TARGET, site)).toMatchObject({
      ok: false,
      detail: 'not allowed to call acm:DescribeCertificate',
    });
  });
});
