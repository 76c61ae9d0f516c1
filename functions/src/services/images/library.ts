import {
  ShopError,
  IMAGE_MESSAGES,
  carouselSlidesCollection,
  charityDonationsCollection,
  imageLibraryCollection,
  libraryImageId,
  libraryImageKey,
  libraryUploadPath,
  rafflesCollection,
  ticketsCollection,
  winnersCollection,
  type LibraryImageData,
  type addLibraryImageInput,
} from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import { logger } from 'firebase-functions/v2';
import type { z } from 'zod';
import type { Caller } from '../../lib/access';
import { recordAudit } from '../admin/audit';
import { libraryImageRef } from '../../lib/collections';
import { errorFields } from '../../lib/logging';

type AddLibraryImage = z.output<typeof addLibraryImageInput>;

/** Adds an image by URL, or records a file the browser uploaded, audited. */
export async function addLibraryImage(
  db: Firestore,
  admin: Caller,
  input: AddLibraryImage,
  now = new Date(),
): Promise<{ id: string }> {
  const ref = db.collection(imageLibraryCollection).doc(libraryImageId(input.name));
  const image: LibraryImageData = {
    ...input,
    nameLower: libraryImageKey(input.name),
    createdAt: now,
    createdBy: admin.uid,
  };
  await db.runTransaction(async (tx) => {
    const existing = await tx.get(ref);
    if (existing.exists) {
      throw new ShopError('already-exists', IMAGE_MESSAGES.duplicateName(input.name));
    }
    tx.create(ref, image);
    // Recorded: from now on the Storage rules refuse the file's deletion from a browser.
    if (input.storagePath) {
      tx.set(db.doc(libraryUploadPath(input.storagePath)), { imageId: ref.id, createdAt: now });
    }
    recordAudit(
      db,
      tx,
      admin,
      { action: 'image.create', target: ref.path, before: null, after: image },
      now,
    );
  });
  return { id: ref.id };
}

/** Removes an uploaded file from Storage; a file already gone is fine. */
async function deleteUpload(storagePath: string): Promise<void> {
  try {
    const { getStorage } = await import('firebase-admin/storage');
    await getStorage().bucket().file(storagePath).delete({ ignoreNotFound: true });
  } catch (error) {
    // The entry is gone either way; an orphaned file costs storage, not correctness.
    logger.error('Could not delete an uploaded image', { storagePath, ...errorFields(error) });
  }
}

/**
 * Whether a raffle, a carousel slide, a winner, a donation or a ticket (the copy of its raffle it
 * keeps) shows the image at `url`: its file then stays when its library entry goes.
 */
async function imageInUse(db: Firestore, url: string): Promise<boolean> {
  const uses = await Promise.all(
    [
      db.collection(rafflesCollection).where('imageUrl', '==', url),
      db.collection(carouselSlidesCollection).where('imageUrl', '==', url),
      db.collection(winnersCollection).where('imageUrl', '==', url),
      db.collection(charityDonationsCollection).where('imageUrl', '==', url),
      db.collection(ticketsCollection).where('raffle.imageUrl', '==', url),
    ].map((query) => query.limit(1).select().get()),
  );
  return uses.some((use) => !use.empty);
}

/**
 * Deletes a library entry (audited) and then its uploaded file, if it has one and nothing shows
 * it: raffles and slides already using an image keep it, as the console's confirmation says.
 */
export async function deleteLibraryImage(
  db: Firestore,
  admin: Caller,
  imageId: string,
  now = new Date(),
): Promise<void> {
  const ref = libraryImageRef(db, imageId);
  const upload = await db.runTransaction(async (tx) => {
    const before = (await tx.get(ref)).data();
    if (!before) throw new ShopError('not-found', IMAGE_MESSAGES.notFound);
    tx.delete(ref);
    const { id: _id, ...stored } = before;
    recordAudit(
      db,
      tx,
      admin,
      { action: 'image.delete', target: ref.path, before: stored, after: null },
      now,
    );
    return before.storagePath ? { storagePath: before.storagePath, url: before.url } : null;
  });
  if (upload && !(await imageInUse(db, upload.url))) {
    await deleteUpload(upload.storagePath);
    await db.doc(libraryUploadPath(upload.storagePath)).delete();
  }
}
