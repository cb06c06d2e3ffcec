import { ok, todo, type CheckResult } from './report.js';

/** The parts of an SDK v3 service error the checks look at. */
interface ServiceErrorLike {
  readonly name?: unknown;
  readonly message?: unknown;
  readonly $metadata?: { readonly httpStatusCode?: number };
}

const asServiceError = (error: unknown): ServiceErrorLike =>
  typeof error === 'object' && error !== null ? (error as ServiceErrorLike) : {};

const ACCESS_DENIED = new Set(['AccessDenied', 'AccessDeniedException', 'UnauthorizedOperation', 'NotAuthorized']);

/** The caller's identity lacks the permission (IAM, an SCP, or a permissions boundary). */
export function isAccessDenied(error: unknown): boolean {
  const { name, $metadata } = asServiceError(error);
  return (typeof name === 'string' && ACCESS_DENIED.has(name)) || $metadata?.httpStatusCode === 403;
}

/**
 * The named resource does not exist. CloudFormation says so with a ValidationError
 * ("Stack with id X does not exist"), the other services with a NotFound exception.
 */
export function isNotFound(error: unknown): boolean {
  const { name, message } = asServiceError(error);
  if (name === 'ResourceNotFoundException' || name === 'NotFoundException') return true;
  return name === 'ValidationError' && typeof message === 'string' && message.includes('does not exist');
}

/** No credentials at all, or ones AWS no longer accepts: every other check would fail the same way. */
export function isCredentialsProblem(error: unknown): boolean {
  const { name } = asServiceError(error);
  return (
    name === 'CredentialsProviderError' ||
    name === 'ExpiredToken' ||
    name === 'ExpiredTokenException' ||
    name === 'InvalidClientTokenId' ||
    name === 'UnrecognizedClientException' ||
    name === 'SignatureDoesNotMatch' ||
    name === 'TokenProviderError'
  );
}

/** A short, stack-free description of an unexpected error. */
export function describeError(error: unknown): string {
  const { name, message } = asServiceError(error);
  const text = typeof message === 'string' && message !== '' ? message : String(error);
  return typeof name === 'string' && name !== '' && name !== 'Error' ? `${name}: ${text}` : text;
}

/**
 * The result of a check whose call failed for a reason the check itself does not handle: missing
 * permission gets the action to grant, anything else its message.
 */
export function failedCall(name: string, action: string, error: unknown): CheckResult {
  if (isAccessDenied(error)) {
    return todo(
      name,
      `not allowed to call ${action}`,
      `run with a profile allowed to call ${action} (the deploy needs an administrator anyway), or grant it to the identity you run as`,
    );
  }
  return todo(
    name,
    `${action} failed: ${describeError(error)}`,
    'run npm run preflight again; if it persists, check the message above',
  );
}

/** A check that does not apply to this configuration (still listed, so the report shows it was considered). */
export const notNeeded = (name: string, why: string): CheckResult => ok(name, `not needed (${why})`);
