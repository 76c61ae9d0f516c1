/**
 * The one door push messages leave by. In a deployed project it is Firebase Cloud Messaging
 * (`firebase-admin/messaging`'s `sendEach`, at most 500 messages a call). Under the emulators,
 * where FCM cannot be reached, it is a recorder that speaks the same shape: it stores each
 * message in `emulatorPushMessages/` for the tests to read, and answers "unregistered" for
 * the tokens listed in `emulatorPushMessages/_unregistered` (`tokens`). A deployed function
 * never chooses the recorder: it needs FUNCTIONS_EMULATOR and a `demo-` project.
 */
import { FieldValue, type Firestore } from 'firebase-admin/firestore';
import type { PushPayload } from '@rafflewin/domain';
import { runningProject } from '../../lib/project';

/** One message to one device: the FCM token and the data it carries. */
export interface PushMessage {
  token: string;
  payload: PushPayload;
}

/** What happened to one message: sent, or failed (`unregistered`: the token is dead). */
export type PushResult = { ok: true } | { ok: false; unregistered: boolean; error: string };

export interface MessagingPort {
  /** Sends up to `MAX_MESSAGES_PER_CALL` messages; one result per message, same order. */
  sendEach(messages: PushMessage[]): Promise<PushResult[]>;
}

/** FCM's limit for one `sendEach` call. */
export const MAX_MESSAGES_PER_CALL = 500;

/** Where the emulator's recorder keeps the messages it was given. */
export const EMULATOR_PUSH_COLLECTION = 'emulatorPushMessages';
/** The recorder's switch: `tokens` listed here are answered "unregistered". */
export const EMULATOR_UNREGISTERED_DOC = `${EMULATOR_PUSH_COLLECTION}/_unregistered`;

/** FCM's error codes for a token that will never work again. */
const DEAD_TOKEN_CODES = new Set([
  'messaging/registration-token-not-registered',
  'messaging/invalid-registration-token',
]);

/**
 * A data message (the service worker shows it, so every browser shows the same thing) with
 * FCM's web-push options: high urgency, and the link its click opens.
 */
function fcmMessage({ token, payload }: PushMessage) {
  return {
    token,
    data: { ...payload },
    webpush: { headers: { Urgency: 'high', TTL: String(24 * 60 * 60) } },
  };
}

export function fcmMessaging(): MessagingPort {
  return {
    async sendEach(messages) {
      if (messages.length === 0) return [];
      const { getMessaging } = await import('firebase-admin/messaging');
      const { responses } = await getMessaging().sendEach(messages.map(fcmMessage));
      return responses.map((response): PushResult => {
        if (response.success) return { ok: true };
        const code = response.error?.code ?? 'unknown';
        return { ok: false, unregistered: DEAD_TOKEN_CODES.has(code), error: code };
      });
    },
  };
}

/** The emulator's stand-in for FCM (see above). */
export function recordingMessaging(db: Firestore): MessagingPort {
  return {
    async sendEach(messages) {
      if (messages.length === 0) return [];
      const dead = new Set(
        ((await db.doc(EMULATOR_UNREGISTERED_DOC).get()).get('tokens') as string[] | undefined) ??
          [],
      );
      const batch = db.batch();
      const results = messages.map((message): PushResult => {
        if (dead.has(message.token)) {
          return {
            ok: false,
            unregistered: true,
            error: 'messaging/registration-token-not-registered',
          };
        }
        batch.create(db.collection(EMULATOR_PUSH_COLLECTION).doc(), {
          ...fcmMessage(message),
          sentAt: FieldValue.serverTimestamp(),
        });
        return { ok: true };
      });
      await batch.commit();
      return results;
    },
  };
}

/** Whether this process is the emulator serving a demo project (never a deployed function). */
export function usesPushRecorder(): boolean {
  return process.env.FUNCTIONS_EMULATOR === 'true' && (runningProject() ?? '').startsWith('demo-');
}

/** FCM, or the recorder under the emulators. */
export function messagingFor(db: Firestore): MessagingPort {
  return usesPushRecorder() ? recordingMessaging(db) : fcmMessaging();
}
