import { onDocumentCreated } from 'firebase-functions/v2/firestore';
import { db, REGION } from '../lib/firebase';
import { deliverMail } from '../services/mail/deliver';

/** Sends each e-mail queued in `mail/` through SMTP (MailDev locally). */
export const onMailCreated = onDocumentCreated(
  { document: 'mail/{mailId}', region: REGION, timeoutSeconds: 120 },
  async (event) => {
    if (event.data) await deliverMail(db, event.data.ref);
  },
);
