import { stack } from './http-client.js';

/** Reads what the app "sent" from the SES emulator, as a person would read their inbox. */
interface StoredEmail {
  destination: { to: string[] };
  subject: string;
  body: { html?: string; text?: string };
  at: number;
}

export async function mailsTo(address: string): Promise<StoredEmail[]> {
  const response = await fetch(`${stack().urls.sesInbox}/store`);
  const { emails } = (await response.json()) as { emails: StoredEmail[] };
  return emails.filter((e) => e.destination.to.some((to) => to.toLowerCase() === address.toLowerCase()));
}

/** The 4-digit code of the newest mail to `address` whose subject matches. */
export async function latestCode(address: string, subject: RegExp): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const mail = (await mailsTo(address)).filter((m) => subject.test(m.subject)).at(-1);
    const code = mail?.body.text?.match(/\b(\d{4})\b/)?.[1];
    if (code) return code;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No code mailed to ${address}`);
}
