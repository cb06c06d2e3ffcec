/**
 * An Amplify field's error props from its message: marked invalid and the message shown under it
 * when there is one, neither when there is none.
 */
export function fieldErrorProps(message: string | null | undefined): { hasError: boolean; errorMessage?: string } {
  return message ? { hasError: true, errorMessage: message } : { hasError: false };
}
