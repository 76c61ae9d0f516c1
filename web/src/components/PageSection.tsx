import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled section of a page: an `h2` that also names the region for assistive technology. */
export function PageSection({
  title,
  headingId = `${title.toLowerCase().replace(/[^a-z]+/g, '-')}-heading`,
  children,
}: {
  title: string;
  headingId?: string;
  children: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="h4" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}
