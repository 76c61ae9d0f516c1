import { useState } from 'react';

/** What the shop shows where an image is missing or fails to load. */
export const PLACEHOLDER_IMAGE = '/images/placeholder.svg';

/**
 * An image's address, or the placeholder when there is none or it failed to load (pass
 * `onError` to the image). A new address is tried again.
 */
export function useImageOrPlaceholder(url: string | null | undefined): {
  src: string;
  onError: () => void;
} {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  return {
    src: !url || failedUrl === url ? PLACEHOLDER_IMAGE : url,
    onError: () => setFailedUrl(url ?? null),
  };
}
