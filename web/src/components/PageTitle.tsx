import Typography from '@mui/material/Typography';
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

/** A page's one heading (h1) and its document title, which say the same. */
export function PageHeading({
  title,
  variant = 'h3',
  gutterBottom = false,
}: {
  title: string;
  variant?: 'h3' | 'h4';
  gutterBottom?: boolean;
}) {
  return (
    <>
      <PageTitle title={title} />
      <Typography variant={variant} component="h1" gutterBottom={gutterBottom}>
        {title}
      </Typography>
    </>
  );
}
