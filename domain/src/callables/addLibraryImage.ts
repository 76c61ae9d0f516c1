import { z } from 'zod';
import { imageUrlSchema } from '../fields';
import { imageMetadataSchema } from '../collections/admin';
import { answer, defineCallable } from './contract';

/** The image library's messages. */
export const IMAGE_MESSAGES = {
  urlAndNameRequired: 'Please enter both image URL and name',
  nameTooLong: 'Image name must be at most 200 characters',
  duplicateName: (name: string) => `An image with the name "${name}" already exists`,
  notAnImage: 'Please select an image file (JPEG, PNG, GIF)',
  tooLarge: 'Image size should be less than 5MB',
  fileAndNameRequired: 'Please select a file and provide a name',
  customSizeInvalid: 'Width and height must be at least 1',
  loadFailed: 'Failed to load images',
  saveFailed: 'Failed to save image',
  uploadFailed: 'Failed to upload image',
  deleteFailed: 'Failed to delete image',
  added: 'Image added to the library',
  deleted: 'Image deleted',
  notFound: 'This image no longer exists',
  uploadsUnavailable:
    'Uploading files is not available here: no Firebase Storage bucket is configured. ' +
    'Add images by URL instead.',
} as const;

/** Files the library accepts, and the size cap. */
export const IMAGE_UPLOAD = {
  contentTypes: ['image/jpeg', 'image/png', 'image/gif'],
  maxBytes: 5 * 1024 * 1024,
  /** Cache-Control max-age of uploaded files, in seconds. */
  cacheSeconds: 3600,
  /** Where uploads go in the bucket (storage.rules allows exactly this folder). */
  folder: 'raffle-images',
} as const;

/** The resize choices of the upload form; `original` keeps the file as it is. */
export const RESIZE_PRESETS = [
  { id: 'original', label: 'Original size', width: null, height: null },
  { id: '1920x1080', label: '1920 × 1080', width: 1920, height: 1080 },
  { id: '1280x720', label: '1280 × 720', width: 1280, height: 720 },
  { id: '800x600', label: '800 × 600', width: 800, height: 600 },
  { id: '400x300', label: '400 × 300', width: 400, height: 300 },
  { id: 'custom', label: 'Custom', width: null, height: null },
] as const;
export type ResizePresetId = (typeof RESIZE_PRESETS)[number]['id'];

/**
 * The size an image of `width` × `height` takes when fitted inside `maxWidth` × `maxHeight`,
 * keeping its aspect ratio. Images already inside the bounds keep their size (never enlarged).
 */
export function fitWithin(
  width: number,
  height: number,
  maxWidth: number,
  maxHeight: number,
): { width: number; height: number } {
  const scale = Math.min(1, maxWidth / width, maxHeight / height);
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/** The file checks of the upload form: the first message that applies, or null. */
export function checkImageFile(file: { type: string; size: number } | null, name: string) {
  if (!file || name.trim() === '') return IMAGE_MESSAGES.fileAndNameRequired;
  if (!(IMAGE_UPLOAD.contentTypes as readonly string[]).includes(file.type)) {
    return IMAGE_MESSAGES.notAnImage;
  }
  if (file.size >= IMAGE_UPLOAD.maxBytes) return IMAGE_MESSAGES.tooLarge;
  return null;
}

/** Library names are unique ignoring case and surrounding spaces. */
export function libraryImageKey(name: string): string {
  return name.trim().toLowerCase();
}

/**
 * The library entry's document id, derived from its name key so that the duplicate check is a
 * read of one document in the transaction that creates it (a query for the name could not
 * promise that two admins adding the same name at once cannot both succeed). Letters, digits
 * and "-" are kept; anything else is escaped as `_<hex code point>_`, so distinct names never
 * share an id.
 */
export function libraryImageId(name: string): string {
  const escaped = Array.from(libraryImageKey(name))
    .map((c) => (/[a-z0-9-]/.test(c) ? c : `_${c.codePointAt(0)!.toString(16)}_`))
    .join('');
  return `img-${escaped}`;
}

/** A unique object name under `raffle-images/` for an upload (no overwrite). */
export function uploadPath(fileName: string, unique: string): string {
  const safe =
    fileName
      .toLowerCase()
      .replace(/[^a-z0-9.]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(-80) || 'image';
  return `${IMAGE_UPLOAD.folder}/${unique}-${safe}`;
}

/**
 * `addLibraryImage` (administrators): records an image by URL, or a file the browser has just
 * uploaded to Storage (`storagePath`, with its resize metadata). Names are unique, ignoring case.
 */
export const addLibraryImageInput = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, IMAGE_MESSAGES.urlAndNameRequired)
      .max(200, IMAGE_MESSAGES.nameTooLong),
    url: z.string().trim().min(1, IMAGE_MESSAGES.urlAndNameRequired).pipe(imageUrlSchema),
    storagePath: z
      .string()
      // A file name that can name a document too (libraryUploads): not "." or "..".
      .regex(/^raffle-images\/(?!\.\.?$)[a-z0-9.-]{1,200}$/, 'Unknown upload')
      .nullable(),
    contentType: z.enum(IMAGE_UPLOAD.contentTypes).nullable(),
    sizeBytes: z
      .number()
      .int()
      .nonnegative()
      .lt(IMAGE_UPLOAD.maxBytes, IMAGE_MESSAGES.tooLarge)
      .nullable(),
    metadata: imageMetadataSchema.nullable(),
  })
  .strict();
export type AddLibraryImageInput = z.input<typeof addLibraryImageInput>;

export const addLibraryImageContract = defineCallable({
  name: 'addLibraryImage',
  access: 'admin',
  input: addLibraryImageInput,
  output: answer<{ id: string }>(),
});
