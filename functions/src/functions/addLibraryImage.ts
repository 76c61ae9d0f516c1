import { addLibraryImageInput } from '@rafflewin/domain';
import { adminOnCall } from '../lib/callable';
import { db } from '../lib/firebase';
import { addLibraryImage as add } from '../services/images/library';

/** Adds an image to the library by URL or after an upload; names are unique (administrators, audited). */
export const addLibraryImage = adminOnCall(addLibraryImageInput, async (input, admin) =>
  add(db, admin, input),
);
