import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/** A titled panel of an account page (its title is the section's heading). */
export function AccountCard({
  title,
  description,
  headingLevel = 'h2',
  children,
}: {
  title: string;
  description?: ReactNode;
  headingLevel?: 'h2' | 'h3';
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Paper component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={2}>
        <div>
          <Typography id={headingId} variant="h6" component={headingLevel}>
            {title}
          </Typography>
          {description && (
            <Typography variant="body2" color="text.secondary">
              {description}
            </Typography>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}
