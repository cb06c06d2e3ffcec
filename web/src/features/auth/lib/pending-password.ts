/**
 * The password typed on /register, kept between /register and /register-otp so `verifyOtp` can
 * sign the new account in. Module memory only, never storage: a reload forgets it,
 * and the OTP page then sends the user to /login with "Account verified, please sign in.".
 */

let pending: { email: string; password: string } | null = null;

const normalise = (email: string) => email.trim().toLowerCase();

export function rememberRegistrationPassword(email: string, password: string): void {
  pending = { email: normalise(email), password };
}

/** The password remembered for this e-mail, if any. */
export function recallRegistrationPassword(email: string): string | undefined {
  return pending && pending.email === normalise(email) ? pending.password : undefined;
}

export function forgetRegistrationPassword(): void {
  pending = null;
}
