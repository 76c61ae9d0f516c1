import type { User } from 'firebase/auth';
import { createContext, useContext } from 'react';

export interface Session {
  status: 'loading' | 'success';
  user: User | null;
  /** From the `admin` custom claim; the server checks it again on every privileged call. */
  isAdmin: boolean;
}

export const SessionContext = createContext<Session>({
  status: 'loading',
  user: null,
  isAdmin: false,
});

/** The signed-in user and role, kept by the SessionProvider at the top of the app. */
export function useSession(): Session {
  return useContext(SessionContext);
}
