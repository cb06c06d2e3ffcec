import type { FormAlertVariant } from '@/components/ui/form-alert';

/**
 * The spec's texts for the auth pages that are not validation
 * messages of the shared schemas.
 */
export const AUTH_PAGE_MESSAGES = {
  loginFailed: 'Login failed',
  googleLoginFailed: 'Google login failed',
  registrationFailed: 'Registration failed',
  otpVerificationFailed: 'OTP verification failed',
  registrationSucceeded: 'Registration successful! Redirecting to dashboard...',
  registrationEmailMissing: 'Email not found. Please try registering again.',
  resendFailed: 'Failed to resend OTP',
  resendSucceeded: 'OTP resent successfully!',
  forgotSucceeded: 'Check email for OTP',
  forgotFailed: 'Failed to send reset instructions',
  forgotUnexpected: 'Something went wrong. Please try again.',
  resetOtpFailed: 'OTP verification failed.',
  resetOtpUnexpected: 'Something went wrong. Try again.',
  resetOtpSucceeded: 'OTP verified successfully!',
  resetEmailMissing: 'Email not found. Please try again.',
  resetFailed: 'Failed to reset password',
  resetUnexpected: 'Something went wrong',
  resetSucceeded: 'Password reset successful!',
  resetStepsMissing: 'Email or OTP not found. Please go back and enter your email again.',
  resetPasswordsDoNotMatch: 'Passwords do not match.',
  notAnAdmin: 'This account does not have administrator access. Customers sign in on the customer login page.',
  useAdminSignIn: 'This account signs in with two-factor authentication on the admin sign-in page.',
} as const;

/** A message an auth page shows above its form: an error, a success or a piece of information. */
export interface AuthFormAlert {
  variant: FormAlertVariant;
  text: string;
}
