import { deleteLibraryImageInput } from '@rafflewin/domain';
import { adminOnCall } from '../lib/callable';
import { db } from '../lib/firebase';
import { deleteLibraryImage as remove } from '../services/images/library';

/** Deletes a library image and its uploaded file (administrators, audited). */
export const deleteLibraryImage = adminOnCall(
  deleteLibraryImageInput,
  async ({ imageId }, admin) => {
    await remove(db, admin, imageId);
    return { id: imageId };
  },
);
