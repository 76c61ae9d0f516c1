/** MailDev's REST API (started by `npm test` beside the emulators). */
import { URLS } from '../../emulators/config';
import { eventually } from './admin';

export interface InboxMessage {
  subject: string;
  text: string;
  html: string | null;
  to: Array<{ address: string; name: string }>;
  from: Array<{ address: string; name: string }>;
}

/** Waits for MailDev to have received a message to `address` and returns the newest. */
export function messageTo(address: string, timeoutMs = 20_000): Promise<InboxMessage> {
  return eventually(
    async () => {
      const response = await fetch(`${URLS.inbox}/email`);
      const messages = (await response.json()) as InboxMessage[];
      return messages
        .filter((m) => m.to.some((to) => to.address.toLowerCase() === address.toLowerCase()))
        .at(-1);
    },
    { timeoutMs, what: `an e-mail to ${address} in MailDev` },
  );
}
