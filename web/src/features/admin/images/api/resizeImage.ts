import { fitWithin, type ImageMetadata } from '@rafflewin/domain';

export interface Bounds {
  width: number;
  height: number;
}

export interface PreparedImage {
  blob: Blob;
  contentType: string;
  metadata: ImageMetadata | null;
}

/**
 * Fits the image inside `bounds` keeping its aspect ratio, with a canvas.
 * Without bounds the file is kept as it is. If the browser cannot decode or encode it, the
 * original is uploaded instead, and the metadata says it was not resized.
 */
export async function prepareImage(file: File, bounds: Bounds | null): Promise<PreparedImage> {
  let bitmap: ImageBitmap | null = null;
  try {
    bitmap = await createImageBitmap(file);
    const original = { originalWidth: bitmap.width, originalHeight: bitmap.height };
    const unchanged = {
      blob: file as Blob,
      contentType: file.type,
      metadata: {
        ...original,
        resizedWidth: bitmap.width,
        resizedHeight: bitmap.height,
        resized: false,
      },
    };
    if (!bounds) return unchanged;
    const size = fitWithin(bitmap.width, bitmap.height, bounds.width, bounds.height);
    if (size.width === bitmap.width && size.height === bitmap.height) return unchanged;
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return unchanged;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    // Canvases cannot write GIFs: a resized GIF becomes a PNG (its first frame).
    const contentType = file.type === 'image/jpeg' ? 'image/jpeg' : 'image/png';
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, contentType, 0.9),
    );
    if (!blob) return unchanged;
    return {
      blob,
      contentType,
      metadata: {
        ...original,
        resizedWidth: size.width,
        resizedHeight: size.height,
        resized: true,
      },
    };
  } catch {
    return { blob: file, contentType: file.type, metadata: null };
  } finally {
    bitmap?.close();
  }
}
