import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { FormEventHandler, ReactNode } from 'react';

/**
 * One tab's form: a heading, the fields, the failure banner and the save button, then
 * anything `after` it (such as the e-mail test, which does not save).
 */
export function SettingsForm({
  title,
  submitLabel,
  busy,
  failure,
  onSubmit,
  children,
  after,
}: {
  title: string;
  submitLabel: string;
  busy: boolean;
  failure: string | null;
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
  after?: ReactNode;
}) {
  return (
    <Paper component="form" noValidate onSubmit={onSubmit} sx={{ p: { xs: 2, md: 3 } }}>
      <Stack spacing={2.5}>
        <Typography variant="h5" component="h2">
          {title}
        </Typography>
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        {children}
        <div>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Saving…' : submitLabel}
          </Button>
        </div>
        {after}
      </Stack>
    </Paper>
  );
}
