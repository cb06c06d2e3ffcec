/** What the account forms say when a change is saved or refused and the server gave no text of its own. */
export const ACCOUNT_MESSAGES = {
  profileUpdated: 'Profile updated successfully',
  profileUpdateFailed: 'Failed to update profile',
  passwordUpdated: 'Password updated successfully. Please login again with your new password.',
  passwordUpdateFailed: 'Failed to update password',
} as const;
