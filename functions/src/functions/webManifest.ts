import { DEFAULT_SITE_SETTINGS, webManifest as manifestOf } from '@rafflewin/domain';
import { logger } from 'firebase-functions/v2';
import { onRequest } from 'firebase-functions/v2/https';
import { db, REGION } from '../lib/firebase';
import { readSiteSettings } from '../lib/collections';

/**
 * `/manifest.webmanifest` (a Hosting rewrite): the installable shop's manifest, named and
 * coloured from Site Settings. Cached for five minutes; the defaults if the settings cannot be
 * read, so installing never breaks.
 */
export const webManifest = onRequest({ region: REGION }, async (req, res) => {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.status(405).send('Method not allowed');
    return;
  }
  let settings = DEFAULT_SITE_SETTINGS;
  try {
    settings = await readSiteSettings(db);
  } catch (error) {
    logger.warn('Manifest made from the default settings', { error: String(error) });
  }
  res
    .status(200)
    .set('Content-Type', 'application/manifest+json; charset=utf-8')
    .set('Cache-Control', 'public, max-age=300')
    .send(JSON.stringify(manifestOf(settings)));
});
