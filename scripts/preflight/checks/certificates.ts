import { type ACMClient, DescribeCertificateCommand } from '@aws-sdk/client-acm';
import { failedCall, isNotFound } from '../aws-errors.js';
import { ok, todo, type CheckResult } from '../report.js';
import { cliFlags, type Target } from '../target.js';

export interface CertificateWanted {
  /** "Site" (CloudFront, us-east-1) or "API" (the app's region). */
  readonly use: string;
  readonly domainName: string;
  readonly certificateArn: string;
  /** Where the certificate must be for its use. */
  readonly region: string;
}

/** The region of an ACM certificate ARN (infra/lib/settings.ts has already checked its shape). */
export const arnRegion = (arn: string): string => arn.split(':')[3] ?? '';

/** Whether a certificate name (possibly a wildcard) covers a host name. */
export function covers(certificateName: string, host: string): boolean {
  const name = certificateName.toLowerCase();
  if (name === host) return true;
  return name.startsWith('*.') && host.slice(host.indexOf('.') + 1) === name.slice(2);
}

/** ACM DescribeCertificate in the region the certificate must be in: issued, and for the domain. */
export async function checkCertificate(
  acm: ACMClient,
  target: Target,
  wanted: CertificateWanted,
): Promise<CheckResult> {
  const name = `${wanted.use} certificate for ${wanted.domainName}`;
  const request = `aws acm request-certificate --domain-name ${wanted.domainName} --validation-method DNS ${cliFlags(target, wanted.region)}`;
  const inRegion = arnRegion(wanted.certificateArn);
  if (inRegion !== wanted.region) {
    return todo(
      name,
      `the certificate is in ${inRegion}, it must be in ${wanted.region}`,
      `${request}, then pass its ARN`,
    );
  }
  let certificate;
  try {
    certificate = (await acm.send(new DescribeCertificateCommand({ CertificateArn: wanted.certificateArn })))
      .Certificate;
  } catch (error) {
    if (isNotFound(error)) {
      return todo(name, `no certificate ${wanted.certificateArn} in ${wanted.region}`, `check the ARN, or ${request}`);
    }
    return failedCall(name, 'acm:DescribeCertificate', error);
  }
  const status = certificate?.Status ?? 'unknown';
  const names = [certificate?.DomainName, ...(certificate?.SubjectAlternativeNames ?? [])].filter(
    (value): value is string => typeof value === 'string',
  );
  if (!names.some((certificateName) => covers(certificateName, wanted.domainName))) {
    return todo(name, `the certificate is for ${names.join(', ') || 'no name'}, not ${wanted.domainName}`, request);
  }
  if (status === 'ISSUED') return ok(name, `ISSUED in ${wanted.region}`);
  if (status === 'PENDING_VALIDATION') {
    const record = certificate?.DomainValidationOptions?.find((option) => option.ResourceRecord)?.ResourceRecord;
    return todo(
      name,
      `PENDING_VALIDATION in ${wanted.region}`,
      record
        ? `add the DNS record ${record.Name} ${record.Type} ${record.Value} and wait for ACM to issue it`
        : `add the validation record aws acm describe-certificate --certificate-arn ${wanted.certificateArn} ${cliFlags(target, wanted.region)} shows`,
    );
  }
  return todo(name, `${status} in ${wanted.region}`, `${request}, then pass the new ARN`);
}
