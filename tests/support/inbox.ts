/** MailDev's REST API: the e-mails the shop sent during the tests. */
import { URLS } from '../../emulators/config';
import { eventually } from './admin';

export interface ReceivedMail {
  subject: string;
  text: string;
  to: Array<{ address: string }>;
}

/** Every e-mail MailDev holds for `address`. */
export async function mailTo(address: string): Promise<ReceivedMail[]> {
  const inbox = (await (await fetch(`${URLS.inbox}/email`)).json()) as ReceivedMail[];
  return inbox.filter((mail) => mail.to.some((to) => to.address === address.toLowerCase()));
}

/** Waits for an e-mail to `address` whose subject contains `subject`. */
export function awaitMail(address: string, subject: string): Promise<ReceivedMail> {
  return eventually(
    async () => (await mailTo(address)).find((mail) => mail.subject.includes(subject)),
    { what: `an e-mail to ${address} about "${subject}"`, timeoutMs: 30_000 },
  );
}
