import { userSettingsPath, type UserSettings } from '@rafflewin/domain';
import { shopConverters } from '@/lib/firestoreApi';
import type { LoadStatus } from '@/lib/realtime';
import { useEnsuredDocument } from './useEnsuredDocument';

const converter = shopConverters.userSettings;

/**
 * The customer's preferences (`users/{uid}/settings/preferences`), live; missing ones are
 * created on the server with the defaults, like a missing profile.
 */
export function useUserSettings(uid: string): {
  status: LoadStatus;
  settings: UserSettings | undefined;
  failure: string | null;
} {
  const { status, data, failure } = useEnsuredDocument(userSettingsPath(uid), converter);
  return { status, settings: data, failure };
}
