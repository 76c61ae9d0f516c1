import { imageLibraryCollection, libraryImageSchema } from '@rafflewin/domain';
import { collection, limit, orderBy, query, where } from 'firebase/firestore';
import { useMemo } from 'react';
import { converterFor } from '@/lib/converters';
import { db } from '@/lib/firestoreApi';
import { useQueryData } from '@/lib/realtime';

/** Images shown per page of the library grid; "Show more" adds another page. */
export const LIBRARY_PAGE_SIZE = 24;

const images = collection(db, imageLibraryCollection).withConverter(
  converterFor(libraryImageSchema),
);

/**
 * The library's images, newest first, or those whose name starts with `search` (ignoring
 * case, on the stored lower-cased name), `pages` pages of them, kept live.
 */
export function useLibraryImages(search: string, pages: number) {
  const prefix = search.trim().toLowerCase();
  const q = useMemo(
    () =>
      prefix
        ? query(
            images,
            where('nameLower', '>=', prefix),
            where('nameLower', '<', `${prefix}\uf8ff`),
            orderBy('nameLower'),
            limit(pages * LIBRARY_PAGE_SIZE),
          )
        : query(images, orderBy('createdAt', 'desc'), limit(pages * LIBRARY_PAGE_SIZE)),
    [prefix, pages],
  );
  const result = useQueryData(q);
  return { ...result, hasMore: result.data.length === pages * LIBRARY_PAGE_SIZE };
}
