import {
  ADMIN_CLAIM,
  DEFAULT_SITE_SETTINGS,
  DEFAULT_SOCIAL_SETTINGS,
  SITE_SETTINGS_PATH,
  SOCIAL_SETTINGS_PATH,
  siteSettingsSchema,
  socialSettingsSchema,
} from '@rafflewin/domain';
import { onIdTokenChanged } from 'firebase/auth';
import { doc } from 'firebase/firestore';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { SessionContext, type Session } from '@/hooks/useSession';
import { SiteSettingsContext } from '@/hooks/useSiteSettings';
import { auth, db } from '@/lib/firebase';
import { converterFor } from '@/lib/firestore';
import { useDocumentData } from '@/lib/realtime';

const siteRef = doc(db, SITE_SETTINGS_PATH).withConverter(converterFor(siteSettingsSchema));
const socialRef = doc(db, SOCIAL_SETTINGS_PATH).withConverter(converterFor(socialSettingsSchema));

/** One listener for the session: the user and the admin claim of their current token. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session>({
    status: 'loading',
    user: null,
    isAdmin: false,
  });
  useEffect(
    () =>
      onIdTokenChanged(auth, async (user) => {
        if (!user) {
          setSession({ status: 'success', user: null, isAdmin: false });
          return;
        }
        const token = await user.getIdTokenResult();
        setSession({ status: 'success', user, isAdmin: token.claims[ADMIN_CLAIM] === true });
      }),
    [],
  );
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** One listener each for `settings/site` and `settings/social`, shared by the whole app. */
export function SiteSettingsProvider({ children }: { children: ReactNode }) {
  const site = useDocumentData(siteRef);
  const social = useDocumentData(socialRef);
  const value = useMemo(
    () => ({
      settings: site.data ?? DEFAULT_SITE_SETTINGS,
      social: social.data ?? DEFAULT_SOCIAL_SETTINGS,
      status: site.status,
    }),
    [site.data, site.status, social.data],
  );
  return <SiteSettingsContext.Provider value={value}>{children}</SiteSettingsContext.Provider>;
}
