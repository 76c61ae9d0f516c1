import { CALLABLES } from '@rafflewin/domain';
import { onCallable } from '../lib/callable';
import { db } from '../lib/firebase';
import { addLibraryImage as add } from '../services/images/library';

/** Adds an image to the library by URL or after an upload; names are unique (administrators, audited). */
export const addLibraryImage = onCallable(CALLABLES.addLibraryImage, async (input, admin) =>
  add(db, admin, input),
);
