/**
 * `settings/site` read once over Firestore's REST API as the page starts (index.html preloads
 * the same address): every page waits for the settings before it shows (maintenance mode, see
 * SiteGate), and this answer comes without the realtime SDK and its channel. The SDK's listener
 * takes over as soon as it answers, and keeps the settings live.
 */
import type { SiteSettings } from '@rafflewin/domain';
import { startTransition, useEffect, useState } from 'react';

let early: Promise<SiteSettings | null> | null = null;

/** The stored settings (earlyReads.ts); null when the read failed (then only the SDK answers). */
export function readSiteSettingsEarly(): Promise<SiteSettings | null> {
  early ??= import('./earlyReads')
    .then(({ readSiteSettings }) => readSiteSettings())
    .catch(() => null);
  return early;
}

/** The early read's answer as state: null until it has come (or when it failed). */
export function useEarlySiteSettings(): SiteSettings | null {
  const [settings, setSettings] = useState<SiteSettings | null>(null);
  useEffect(() => {
    let current = true;
    void readSiteSettingsEarly().then((answer) => {
      // A transition: the page behind SiteGate renders in small tasks that yield to the browser.
      if (current) startTransition(() => setSettings(answer));
    });
    return () => {
      current = false;
    };
  }, []);
  return settings;
}
