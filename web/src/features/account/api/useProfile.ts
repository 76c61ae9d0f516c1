import { userPath, userProfileSchema, type UserProfile } from '@rafflewin/domain';
import { converterFor } from '@/lib/converters';
import type { LoadStatus } from '@/lib/realtime';
import { useEnsuredDocument } from './useEnsuredDocument';

const converter = converterFor(userProfileSchema);

/**
 * The signed-in customer's profile, live (created on the server if it is missing; `failure`: the
 * server's reason when it refused to).
 */
export function useProfile(uid: string): {
  status: LoadStatus;
  profile: UserProfile | undefined;
  failure: string | null;
} {
  const { status, data, failure } = useEnsuredDocument(userPath(uid), converter);
  return { status, profile: data, failure };
}
