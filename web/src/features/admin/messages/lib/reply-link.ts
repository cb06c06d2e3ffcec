import { APP_NAME } from '@/config/brand';

/** Reply: a mailto link to the sender, with a subject that says what it answers. */
export function replyHref(email: string): string {
  const address = encodeURIComponent(email.trim()).replace(/%40/g, '@');
  return `mailto:${address}?subject=${encodeURIComponent(`Re: Your message to ${APP_NAME}`)}`;
}
