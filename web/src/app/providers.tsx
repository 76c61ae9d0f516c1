import {
  ADMIN_CLAIM,
  holdsStaffClaim,
  displayTimeZone,
  isTwoFactorSessionValid,
  twoFactorSessionKey,
  twoFactorSessionPath,
  userPath,
  userSettingsPath,
  DEFAULT_SITE_SETTINGS,
  DEFAULT_SOCIAL_SETTINGS,
  SITE_SETTINGS_PATH,
  SOCIAL_SETTINGS_PATH,
} from '@rafflewin/domain';
import type { User } from 'firebase/auth';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { SessionContext, type Session, type TwoFactorState } from '@/hooks/useSession';
import {
  SiteSettingsContext,
  SocialLinksContext,
  type SiteSettingsState,
} from '@/hooks/useSiteSettings';
import {
  hasSessionHint,
  loadAuth,
  loadAuthWhenSignedIn,
  noteTwoFactorTurningOn,
  ownSessionChangeMsLeft,
  setSessionHint,
  turningTwoFactorOn,
  whenAuthLoaded,
} from '@/lib/auth';
import { useEarlySiteSettings } from '@/lib/earlySiteSettings';
import { isPermissionDenied } from '@/lib/errors';
import { loadFirestore, useWithFirestore } from '@/lib/live';
import { missingFromCache, useDocumentData } from '@/lib/realtime';
import {
  clearLocalAccountData,
  noteSuspension,
  resetSignOutRequest,
  signOutWasRequested,
} from '@/lib/signOut';
import { applyTimeZone } from '@/lib/timeZone';

interface Identity {
  status: 'loading' | 'success';
  user: User | null;
  isAdmin: boolean;
  isStaff: boolean;
  twoFactorKey: string | null;
  expired: boolean;
}

/**
 * A session ended elsewhere ("Sign out from all devices", a password change, a ban, a removed
 * administrator right) is refused by the rules at once, while its ID token lives on for up to
 * an hour. Each of those writes the profile, which this sign-in listens to, and the listener's
 * refusal is the sign: Auth is asked for a new token, which it refuses to a disabled or revoked
 * sign-in, signing this browser out itself; a new token still refused the profile (the same
 * sign-in, older than the sessions' end) signs it out here. Either way the sign-out is marked
 * `expired` and the page goes to /auth, rather than every page failing for up to an hour. A
 * refresh that fails for want of a network changes nothing, and a tab that ended its own
 * sessions (lib/callables.ts) goes on by itself. `user` is the sign-in once it owes no second
 * factor (the profile's rule).
 */
function useSignOutWhenSessionsEnd(user: User | null): void {
  const uid = user?.uid ?? null;
  const profileRef = useWithFirestore(
    ({ db, doc }) => (uid ? doc(db, userPath(uid)) : null),
    [uid],
  );
  const profile = useDocumentData(profileRef);
  const refused = profile.status === 'error' && isPermissionDenied(profile.error);
  // Asked again once this tab's own session change is no longer waited for: a refusal that came
  // meanwhile (a ban, "sign out everywhere" from another device) is then acted on.
  const [recheck, setRecheck] = useState(0);
  useEffect(() => {
    // An unconfirmed address is refused too: the sign-in pages sign it out with their words.
    if (!refused || !user?.emailVerified) return undefined;
    const wait = ownSessionChangeMsLeft();
    if (wait > 0) {
      if (!Number.isFinite(wait)) return undefined;
      const timer = setTimeout(() => setRecheck((count) => count + 1), wait + 100);
      return () => clearTimeout(timer);
    }
    void (async () => {
      await user.getIdToken(true);
      const { db, doc, getDoc } = await loadFirestore();
      await getDoc(doc(db, userPath(user.uid)));
    })().catch(async (error: unknown) => {
      // A suspended account is disabled at Auth, which refuses the new token: said as such.
      const suspended = (error as { code?: unknown } | null)?.code === 'auth/user-disabled';
      if (suspended) noteSuspension();
      if (suspended || isPermissionDenied(error)) await (await loadAuth()).signOut();
    });
    return undefined;
  }, [refused, user, recheck]);
}

/**
 * Where this sign-in stands with two-factor authentication, live: the settings document says
 * whether it is on, and the sign-in's verification record (written by the callables that check
 * a code, found by `twoFactorSessionKey`) whether a code was verified for it; the state turns back to `required` when the
 * verification lapses after 12 hours.
 */
function useTwoFactorState(
  uid: string | null,
  key: string | null,
): { twoFactor: TwoFactorState; timeZone: string | null } {
  const settingsRef = useWithFirestore(
    ({ db, doc, shopConverters }) =>
      uid ? doc(db, userSettingsPath(uid)).withConverter(shopConverters.userSettings) : null,
    [uid],
  );
  const settings = useDocumentData(settingsRef);
  const enabled = settings.data?.twoFactorEnabled === true;
  // Listened to whether or not two-factor is on, so turning it on (which writes the setting
  // and this sign-in's verification together) never shows a moment of "required".
  const sessionRef = useWithFirestore(
    ({ db, doc, shopConverters }) =>
      uid && key !== null
        ? doc(db, twoFactorSessionPath(uid, key)).withConverter(shopConverters.twoFactorSession)
        : null,
    [uid, key],
  );
  const verification = useDocumentData(sessionRef);
  const [now, setNow] = useState(() => Date.now());
  const expiresAt = verification.data?.expiresAt.getTime() ?? null;
  useEffect(() => {
    if (expiresAt === null || expiresAt <= Date.now()) return undefined;
    const timer = setTimeout(
      () => setNow(Date.now()),
      Math.min(expiresAt - Date.now() + 50, 2 ** 31 - 1),
    );
    return () => clearTimeout(timer);
  }, [expiresAt]);

  const timeZone = settings.data?.timezone ?? null;
  const state = (): TwoFactorState => {
    if (!uid) return 'off';
    if (settings.status === 'loading') return 'loading';
    // No settings document (an account the trigger has not finished) means two-factor is off.
    if (!enabled) return 'off';
    if (verification.status === 'loading') return 'loading';
    if (
      key !== null &&
      isTwoFactorSessionValid(verification.data, new Date(Math.max(now, Date.now())))
    ) {
      return 'verified';
    }
    // Turning two-factor on in this tab: the new sign-in and its verification are on their way.
    return turningTwoFactorOn() ? 'loading' : 'required';
  };
  const twoFactor = state();
  useEffect(() => {
    if (twoFactor === 'verified') noteTwoFactorTurningOn(false);
  }, [twoFactor]);
  return { twoFactor, timeZone: uid ? timeZone : null };
}

/**
 * One listener for the session: the user, the admin claim and auth time of their current
 * token, and the two-factor state. A session that ends without the person signing out
 * (expired or revoked refresh token, disabled account) clears local data and is marked
 * `expired`, so the app can send them to /auth.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  // A browser without a session is signed out from the first paint; Auth loads when it holds
  // one, when someone opens sign-in, or when another tab signs in (lib/auth.ts).
  const [identity, setIdentity] = useState<Identity>(() => ({
    status: hasSessionHint() ? 'loading' : 'success',
    user: null,
    isAdmin: false,
    isStaff: false,
    twoFactorKey: null,
    expired: false,
  }));
  useEffect(() => {
    let stopListening: () => void = () => undefined;
    const stopWaiting = whenAuthLoaded((auth) => {
      stopListening = auth.onIdTokenChanged((user) => {
        setSessionHint(user !== null);
        if (!user) {
          setIdentity((previous) => {
            const expired = previous.user !== null && !signOutWasRequested();
            if (expired) clearLocalAccountData();
            return {
              status: 'success',
              user: null,
              isAdmin: false,
              isStaff: false,
              twoFactorKey: null,
              expired,
            };
          });
          return;
        }
        resetSignOutRequest();
        void user.getIdTokenResult().then((token) =>
          setIdentity({
            status: 'success',
            user,
            isAdmin: token.claims[ADMIN_CLAIM] === true,
            isStaff: holdsStaffClaim(token.claims),
            twoFactorKey: twoFactorSessionKey(token.claims),
            expired: false,
          }),
        );
      });
    });
    const stopLoading = loadAuthWhenSignedIn();
    return () => {
      stopWaiting();
      stopListening();
      stopLoading();
    };
  }, []);
  const { twoFactor, timeZone: chosenZone } = useTwoFactorState(
    identity.user?.uid ?? null,
    identity.twoFactorKey,
  );
  // The customer's time zone, once their settings are read (UK time when signed out); kept
  // in this browser so the next visit paints in it from the start.
  const timeZone = useMemo(
    () =>
      identity.status === 'success' && !identity.user
        ? applyTimeZone(null)
        : chosenZone
          ? applyTimeZone(chosenZone)
          : displayTimeZone(),
    [identity.status, identity.user, chosenZone],
  );
  const owesNothing = twoFactor === 'off' || twoFactor === 'verified';
  useSignOutWhenSessionsEnd(owesNothing ? identity.user : null);
  const session = useMemo<Session>(() => {
    return {
      ...identity,
      twoFactor,
      dataUid: owesNothing ? (identity.user?.uid ?? null) : null,
      timeZone,
    };
  }, [identity, twoFactor, owesNothing, timeZone]);
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

/** One listener each for `settings/site` and `settings/social`, shared by the whole app. */
export function SiteSettingsProvider({ children }: { children: ReactNode }) {
  const siteRef = useWithFirestore(
    ({ db, doc, shopConverters }) =>
      doc(db, SITE_SETTINGS_PATH).withConverter(shopConverters.siteSettings),
    [],
  );
  const socialRef = useWithFirestore(
    ({ db, doc, shopConverters }) =>
      doc(db, SOCIAL_SETTINGS_PATH).withConverter(shopConverters.socialSettings),
    [],
  );
  const site = useDocumentData(siteRef);
  const social = useDocumentData(socialRef);
  const early = useEarlySiteSettings();
  // Until the listener answers, the early read (when it has) stands in for it; and for its
  // cache's "no such document" when the SDK's channel has failed.
  const earlyStandsIn = early !== null && (site.status === 'loading' || missingFromCache(site));
  const value = useMemo((): SiteSettingsState => {
    if (earlyStandsIn) return { settings: early, status: 'success' };
    return { settings: site.data ?? DEFAULT_SITE_SETTINGS, status: site.status };
  }, [site.data, site.status, early, earlyStandsIn]);
  return (
    <SiteSettingsContext.Provider value={value}>
      <SocialLinksContext.Provider value={social.data ?? DEFAULT_SOCIAL_SETTINGS}>
        {children}
      </SocialLinksContext.Provider>
    </SiteSettingsContext.Provider>
  );
}
