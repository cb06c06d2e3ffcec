import useSWR from 'swr';
import { packageStatusResponseSchema } from '@goldbot/shared';
import { apiRequest } from '@/lib/api-client';
import { useUserKey } from '@/features/auth/auth-public';
import type { Infer } from '@/lib/schema-types';

export const packageStatusSchema = packageStatusResponseSchema;
export type PackageStatus = Infer<typeof packageStatusSchema>;

export const PACKAGE_STATUS_ERROR = 'Failed to fetch package status';

/**
 * What a failed status call stands for: no active Basic package, and Basic not
 * on sale. The server refuses a Basic payment it does not accept anyway. The free trial stays
 * offered (the server answers why if it is not), with no link to show.
 */
export const PACKAGE_STATUS_ON_FAILURE: PackageStatus = {
  success: true,
  hasActiveBasicPackage: false,
  isBasicPackageEnabled: false,
  isFreeTrialAvailable: true,
  copyTradingLink: null,
};

/**
 * GET /api/payment/package-status: an active Basic package, whether Basic is on sale,
 * whether the free trial can be started, and its copy-trading link while the caller's trial runs.
 */
export function getPackageStatus(): Promise<PackageStatus> {
  return apiRequest('payment-package-status', { schema: packageStatusSchema });
}

export interface PackageStatusState {
  /** Undefined while loading; the failure stand-in after an error. */
  status: PackageStatus | undefined;
  loading: boolean;
  failed: boolean;
}

export function usePackageStatus({ enabled = true }: { enabled?: boolean } = {}): PackageStatusState {
  const key = useUserKey('payment-package-status', enabled);
  const { data, error } = useSWR(key, getPackageStatus, {
    onError: (failure: unknown) =>
      console.warn(`${PACKAGE_STATUS_ERROR}: ${failure instanceof Error ? failure.message : String(failure)}`),
  });
  if (data) return { status: data, loading: false, failed: false };
  if (error) return { status: PACKAGE_STATUS_ON_FAILURE, loading: false, failed: true };
  return { status: undefined, loading: key !== null, failed: false };
}
