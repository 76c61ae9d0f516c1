import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { saveSiteSettings } from '../services/settings/siteSettings';

/** Saves the General, Appearance or Social Media tab (administrators, audited). */
export const updateSiteSettings = onCallable(CALLABLES.updateSiteSettings, (change, admin) =>
  saveSiteSettings(db, admin, change),
);
