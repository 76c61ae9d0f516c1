/** MailDev's REST API: the e-mails the shop really sent over SMTP. */
import { URLS } from '../../emulators/config';
import { eventually } from './admin';

export interface ReceivedMail {
  id: string;
  subject: string;
  text: string;
  html?: string;
  to: Array<{ address: string }>;
}

async function allMail(): Promise<ReceivedMail[]> {
  const response = await fetch(`${URLS.inbox}/email`);
  return (await response.json()) as ReceivedMail[];
}

/** Every e-mail delivered to `address` so far, oldest first. */
export async function mailTo(address: string): Promise<ReceivedMail[]> {
  const lower = address.toLowerCase();
  return (await allMail()).filter((mail) =>
    mail.to.some((to) => to.address.toLowerCase() === lower),
  );
}

/**
 * Waits for an e-mail to `address` whose subject contains `subject`. 90 s: the outbox's
 * trigger queues behind the browser lane's triggers in the one Functions emulator, and on a
 * slow machine one e-mail took over 30 s to arrive in a full run, and one over 60 s.
 */
export function waitForMail(address: string, subject: string, timeoutMs = 90_000) {
  return eventually(
    async () => (await mailTo(address)).find((mail) => mail.subject.includes(subject)) ?? null,
    { timeoutMs, intervalMs: 300, what: `an e-mail "${subject}" to ${address}` },
  );
}

/** The first link in an e-mail's text that starts with `prefix`. */
export function linkIn(mail: ReceivedMail, prefix: string): string {
  const link = mail.text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`No link starting with ${prefix} in "${mail.subject}"`);
  return link;
}
