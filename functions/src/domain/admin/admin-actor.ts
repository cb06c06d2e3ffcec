/** An administrator acting: the Cognito sub and the token's e-mail (kept on the audit entry for display). */
export interface AdminActor {
  userId: string;
  email?: string;
}
