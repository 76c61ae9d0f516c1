import { IMAGE_UPLOAD, uploadPath } from '@rafflewin/domain';
import { call } from '@/lib/callables';
import { firebaseApp, usesEmulators } from '@/lib/firebase';
import { prepareImage, type Bounds } from './resizeImage';

const env = import.meta.env;

/**
 * Whether files can be uploaded: against the emulators only when the Storage emulator runs
 * (VITE_STORAGE_EMULATOR=true; it cannot start on machines without its JAR), in production
 * when a bucket is configured. Adding images by URL works either way.
 */
export const uploadsAvailable = usesEmulators
  ? env.VITE_STORAGE_EMULATOR === 'true'
  : Boolean(env.VITE_FIREBASE_STORAGE_BUCKET);

/** The Storage SDK, loaded only when someone uploads (it is large, and rarely needed). */
async function storage() {
  const sdk = await import('firebase/storage');
  const instance = sdk.getStorage(firebaseApp);
  if (usesEmulators) {
    try {
      sdk.connectStorageEmulator(instance, env.VITE_EMULATOR_HOST ?? '127.0.0.1', 9199);
    } catch {
      // Already connected by an earlier upload.
    }
  }
  return { sdk, instance };
}

/**
 * Resizes (when asked) and uploads a file under `raffle-images/` with a unique name (never
 * overwriting), cached for an hour and named as `uploadedBy`'s (the signed-in administrator),
 * then records it in the library. If the library refuses it (a duplicate name), the uploaded
 * file is removed again.
 */
export async function uploadLibraryImage(
  file: File,
  name: string,
  bounds: Bounds | null,
  uploadedBy: string,
) {
  const prepared = await prepareImage(file, bounds);
  const { sdk, instance } = await storage();
  const path = uploadPath(file.name, crypto.randomUUID());
  const ref = sdk.ref(instance, path);
  await sdk.uploadBytes(ref, prepared.blob, {
    contentType: prepared.contentType,
    cacheControl: `public, max-age=${IMAGE_UPLOAD.cacheSeconds}`,
    // storage.rules: only the uploader may take it back, and only until the library records it.
    customMetadata: { uploadedBy },
  });
  const url = await sdk.getDownloadURL(ref);
  try {
    return await call('addLibraryImage', {
      name,
      url,
      storagePath: path,
      contentType: prepared.contentType as (typeof IMAGE_UPLOAD.contentTypes)[number],
      sizeBytes: prepared.blob.size,
      metadata: prepared.metadata,
    });
  } catch (error) {
    await sdk.deleteObject(ref).catch(() => undefined);
    throw error;
  }
}
