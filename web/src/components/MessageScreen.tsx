import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { PageTitle } from './PageTitle';

/**
 * A whole-page message in place of a page (not found, failed to render): an icon, the title as
 * the page's heading and document title, a sentence, and the ways on.
 */
export function MessageScreen({
  icon,
  title,
  text,
  alert = false,
  children,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  /** Announced at once to screen readers (something went wrong). */
  alert?: boolean;
  children: ReactNode;
}) {
  return (
    <Paper
      role={alert ? 'alert' : undefined}
      sx={{
        p: { xs: 3, md: 6 },
        textAlign: 'center',
        maxWidth: 640,
        mx: 'auto',
        my: alert ? 4 : 0,
      }}
    >
      <PageTitle title={title} />
      {icon}
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {text}
      </Typography>
      {children}
    </Paper>
  );
}
