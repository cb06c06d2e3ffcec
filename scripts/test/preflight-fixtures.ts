/** Errors shaped like the SDK's service exceptions, for the preflight tests. */
export function serviceError(name: string, message: string, httpStatusCode = 400): Error {
  return Object.assign(new Error(message), { name, $metadata: { httpStatusCode } });
}

export const accessDenied = (action: string): Error =>
  serviceError('AccessDeniedException', `User is not authorized to perform: ${action}`, 403);

/** The same identity with an explicit profile, so every command in a next step names it. */
export const TARGET = { account: '123456789012', region: 'eu-central-1', profile: 'goldbot' } as const;
