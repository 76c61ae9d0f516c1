import { useEffect } from 'react';
import { useSiteSettings } from '@/hooks/useSiteSettings';

/** Sets the document title: "Page | Site". */
export function PageTitle({ title }: { title: string }) {
  const { settings } = useSiteSettings();
  useEffect(() => {
    document.title = `${title} | ${settings.siteName}`;
  }, [title, settings.siteName]);
  return null;
}
