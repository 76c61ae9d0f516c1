import {
  ShopError,
  IMAGE_MESSAGES,
  imageLibraryCollection,
  libraryImageId,
  libraryImageKey,
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

/** Deletes a library entry (audited) and then its uploaded file, if it has one. */
export async function deleteLibraryImage(
  db: Firestore,
  admin: Caller,
  imageId: string,
  now = new Date(),
): Promise<void> {
  const ref = libraryImageRef(db, imageId);
  const storagePath = await db.runTransaction(async (tx) => {
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
    return before.storagePath ?? null;
  });
  if (storagePath) await deleteUpload(storagePath);
}
