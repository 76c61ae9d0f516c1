import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { deleteLibraryImage as remove } from '../services/images/library';

/** Deletes a library image and its uploaded file (administrators, audited). */
export const deleteLibraryImage = onCallable(
  CALLABLES.deleteLibraryImage,
  async ({ imageId }, admin) => {
    await remove(db, admin, imageId);
    return { id: imageId };
  },
);
