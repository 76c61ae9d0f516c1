import { SITE_TIME_ZONE } from '@rafflewin/domain';
import type { User } from 'firebase/auth';
import { createContext, useContext } from 'react';

/**
 * Where this sign-in stands with two-factor authentication: `off` (not enabled), `required`
 * (enabled, no code verified for this sign-in within 12 hours), `verified`, or `loading`.
 * The server keeps the record (users/{uid}/twoFactorSessions) and enforces it on callables.
 */
export type TwoFactorState = 'loading' | 'off' | 'required' | 'verified';

export interface Session {
  status: 'loading' | 'success';
  user: User | null;
  /** From the `admin` custom claim; the server checks it again on every privileged call. */
  isAdmin: boolean;
  /**
   * From the `admin` or `staff` claim: tickets this account takes are never drawn (the server
   * judges each ticket by what its holder was when it was issued).
   */
  isStaff: boolean;
  /** Which two-factor verification covers this sign-in (`twoFactorSessionKey` of its token). */
  twoFactorKey: string | null;
  twoFactor: TwoFactorState;
  /**
   * The signed-in account whose own documents this browser may read: set once the sign-in
   * owes no second factor (the security rules refuse its reads until then), else null.
   */
  dataUid: string | null;
  /** True once a signed-in session ended without the person signing out (expired, revoked). */
  expired: boolean;
  /** The zone dates and times are shown in (the customer's choice, UK time otherwise). */
  timeZone: string;
}

export const SessionContext = createContext<Session>({
  status: 'loading',
  user: null,
  isAdmin: false,
  isStaff: false,
  twoFactorKey: null,
  twoFactor: 'loading',
  dataUid: null,
  expired: false,
  timeZone: SITE_TIME_ZONE,
});

/** The signed-in user and role, kept by the SessionProvider at the top of the app. */
export function useSession(): Session {
  return useContext(SessionContext);
}
