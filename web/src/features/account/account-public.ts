/**
 * Account settings a signed-in person uses on their own account, shared by the admin's account
 * settings (features/admin) and the customer's Account tab (features/dashboard): username and
 * e-mail (with the code mailed to a new address), password, and signing out of every device.
 */
export { EMAIL_CHANGE_MESSAGES } from './components/email-change-code';
export { PasswordForm } from './components/password-form';
export { ProfileForm, type ProfileFormProps } from './components/profile-form';
export {
  SIGN_OUT_EVERYWHERE_MESSAGES,
  SignOutEverywhere,
  type SignOutEverywhereProps,
} from './components/sign-out-everywhere';
