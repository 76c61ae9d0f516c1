import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import DoNotDisturbOn from '@mui/icons-material/DoNotDisturbOn';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NOTIFICATION_MESSAGES, wantsEmailFor } from '@rafflewin/domain';
import { Link as RouterLink } from 'react-router';
import { useEmailSettings } from '../api/useEmailSettings';

/**
 * What the customer is e-mailed about, whether e-mails are on, and where to change it. Each
 * item says whether its e-mails are sent, as the server decides it (`wantsEmailFor`).
 */
export function EmailPreferences({ uid, settingsPath }: { uid: string; settingsPath: string }) {
  const settings = useEmailSettings(uid);
  return (
    <Paper component="section" aria-labelledby="email-preferences-heading" sx={{ p: 3 }}>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
        <Typography id="email-preferences-heading" variant="h6" component="h2">
          Email Preferences
        </Typography>
        {settings !== null && (
          <Chip
            size="small"
            variant="outlined"
            label={
              settings.emailNotifications !== false
                ? 'E-mail notifications on'
                : 'E-mail notifications off'
            }
          />
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        We also e-mail you about:
      </Typography>
      <List dense>
        {NOTIFICATION_MESSAGES.emailPreferences.map(({ label, kind }) => {
          const sent = settings === null || wantsEmailFor(settings, kind);
          return (
            <ListItem key={label} disableGutters data-testid="email-preference">
              <ListItemIcon sx={{ minWidth: 32 }}>
                {sent ? (
                  <CheckCircleOutline fontSize="small" color="success" aria-hidden />
                ) : (
                  <DoNotDisturbOn fontSize="small" color="disabled" aria-hidden />
                )}
              </ListItemIcon>
              <ListItemText primary={label} secondary={sent ? null : 'Off: no e-mails'} />
            </ListItem>
          );
        })}
      </List>
      <Link component={RouterLink} to={settingsPath}>
        {NOTIFICATION_MESSAGES.manageSettings}
      </Link>
    </Paper>
  );
}
