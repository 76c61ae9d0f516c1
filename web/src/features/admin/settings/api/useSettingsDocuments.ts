import {
  DEFAULT_SITE_SETTINGS,
  DEFAULT_SOCIAL_SETTINGS,
  SETTINGS_LOAD_RETRY,
  SITE_SETTINGS_PATH,
  SMTP_DEFAULT_PORT,
  SMTP_SETTINGS_PATH,
  SOCIAL_SETTINGS_PATH,
  smtpSettingsSchema,
  type SiteSettings,
  type SmtpSettings,
  type SocialSettings,
} from '@rafflewin/domain';
import { disableNetwork, doc, enableNetwork, getDocFromServer } from 'firebase/firestore';
import { useCallback, useEffect, useState } from 'react';
import { converterFor } from '@/lib/converters';
import { db, shopConverters } from '@/lib/firestoreApi';
import { useRefusalReported } from '@/lib/accessRefusal';
import { isFirebaseError, isPermissionDenied, isUnauthenticated } from '@/lib/errors';

const siteRef = doc(db, SITE_SETTINGS_PATH).withConverter(shopConverters.siteSettings);
const socialRef = doc(db, SOCIAL_SETTINGS_PATH).withConverter(shopConverters.socialSettings);
const smtpRef = doc(db, SMTP_SETTINGS_PATH).withConverter(converterFor(smtpSettingsSchema));

/**
 * The Email Server tab as read: `updatedAt` in ms (null before anything is saved), the version
 * its save is made on.
 */
export type LoadedSmtpSettings = Omit<SmtpSettings, 'updatedAt'> & { updatedAt: number | null };

/** The Email Server tab before anything is saved: the shop's default server, port 587. */
export const DEFAULT_SMTP_SETTINGS: LoadedSmtpSettings = {
  host: '',
  port: SMTP_DEFAULT_PORT,
  secure: false,
  user: '',
  fromAddress: '',
  fromName: '',
  hasPassword: false,
  updatedAt: null,
};

export interface SettingsDocuments {
  site: SiteSettings;
  social: SocialSettings;
  smtp: LoadedSmtpSettings;
}

export type SettingsLoad =
  | { status: 'loading' }
  | { status: 'ready'; documents: SettingsDocuments }
  /** The database could not be reached (network, or the emulator down). */
  | { status: 'unreachable' }
  /** Reached, but the documents could not be read (`error`: why). */
  | { status: 'failed'; error?: unknown };

/** How long one attempt may wait for the server before it counts as unreachable. */
const ATTEMPT_TIMEOUT_MS = 8000;

class Unreachable extends Error {}

function withTimeout<T>(promise: Promise<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Unreachable('timeout')), ATTEMPT_TIMEOUT_MS);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

async function readOnce(): Promise<SettingsDocuments> {
  const [site, social, smtp] = await withTimeout(
    Promise.all([
      getDocFromServer(siteRef),
      getDocFromServer(socialRef),
      getDocFromServer(smtpRef),
    ]),
  );
  const smtpData = smtp.data();
  const siteData = site.data();
  const socialData = social.data();
  // Drop the ids the converter adds: the forms' schemas accept exactly their fields.
  return {
    site: siteData ? withoutId(siteData) : DEFAULT_SITE_SETTINGS,
    social: socialData ? withoutId(socialData) : DEFAULT_SOCIAL_SETTINGS,
    smtp: smtpData
      ? (({ updatedAt, ...rest }) => ({ ...rest, updatedAt: updatedAt.getTime() }))(
          withoutId(smtpData),
        )
      : DEFAULT_SMTP_SETTINGS,
  };
}

function withoutId<T extends { id: string }>({ id: _id, ...data }: T): Omit<T, 'id'> {
  return data;
}

function isUnreachable(error: unknown): boolean {
  return (
    error instanceof Unreachable ||
    (isFirebaseError(error) &&
      ['unavailable', 'deadline-exceeded'].includes(error.code.replace(/^firestore\//, '')))
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Site Settings' three documents, read from the server (not the cache) when the page opens and
 * on Retry Connection: 3 attempts, 1 s before the second and doubling. The
 * forms edit a copy, so the documents are read once rather than followed live.
 */
export function useSettingsDocuments(): SettingsLoad & { retry: () => void } {
  const [load, setLoad] = useState<SettingsLoad>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    setLoad({ status: 'loading' });
    void (async () => {
      let delay: number = SETTINGS_LOAD_RETRY.initialDelayMs;
      for (let tries = 1; ; tries += 1) {
        try {
          const documents = await readOnce();
          if (current) setLoad({ status: 'ready', documents });
          return;
        } catch (error) {
          // A refusal is not tried again: the console shows Access Denied at once.
          if (isPermissionDenied(error) || isUnauthenticated(error)) {
            if (current) setLoad({ status: 'failed', error });
            return;
          }
          if (tries >= SETTINGS_LOAD_RETRY.attempts) {
            if (current) setLoad({ status: isUnreachable(error) ? 'unreachable' : 'failed' });
            return;
          }
          await sleep(delay);
          delay *= 2;
          if (!current) return;
        }
      }
    })();
    return () => {
      current = false;
    };
  }, [attempt]);
  useRefusalReported(load.status === 'failed' ? load.error : null);

  // Retry Connection also restarts Firestore's connection: after failures the SDK waits up to
  // a minute before trying again by itself.
  const retry = useCallback(() => {
    setLoad({ status: 'loading' });
    void disableNetwork(db)
      .then(() => enableNetwork(db))
      .finally(() => setAttempt((n) => n + 1));
  }, []);
  return { ...load, retry };
}
