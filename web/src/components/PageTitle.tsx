import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, type ReactNode } from 'react';
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

/**
 * A page's heading with a line under it and, beside it on wider screens (under it on a phone),
 * the page's own actions.
 */
export function PageHeader({
  title,
  subtitle,
  variant = 'h3',
  children,
}: {
  title: string;
  subtitle: string;
  variant?: 'h3' | 'h4';
  children: ReactNode;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      justifyContent="space-between"
      alignItems={{ xs: 'flex-start', sm: 'center' }}
    >
      <div>
        <PageHeading title={title} variant={variant} />
        <Typography color="text.secondary">{subtitle}</Typography>
      </div>
      {children}
    </Stack>
  );
}
