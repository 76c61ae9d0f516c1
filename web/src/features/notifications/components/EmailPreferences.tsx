import CheckCircleOutline from '@mui/icons-material/CheckCircleOutline';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { NOTIFICATION_MESSAGES } from '@rafflewin/domain';
import { Link as RouterLink } from 'react-router';
import { useEmailNotifications } from '../api/useEmailNotifications';

/** What the customer is e-mailed about, whether e-mails are on, and where to change it. */
export function EmailPreferences({ uid, settingsPath }: { uid: string; settingsPath: string }) {
  const emailOn = useEmailNotifications(uid);
  return (
    <Paper component="section" aria-labelledby="email-preferences-heading" sx={{ p: 3 }}>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
        <Typography id="email-preferences-heading" variant="h6" component="h2">
          Email Preferences
        </Typography>
        {emailOn !== null && (
          <Chip
            size="small"
            variant="outlined"
            label={emailOn ? 'E-mail notifications on' : 'E-mail notifications off'}
          />
        )}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        We also e-mail you about:
      </Typography>
      <List dense>
        {NOTIFICATION_MESSAGES.emailPreferences.map((item) => (
          <ListItem key={item} disableGutters>
            <ListItemIcon sx={{ minWidth: 32 }}>
              <CheckCircleOutline fontSize="small" color="success" aria-hidden />
            </ListItemIcon>
            <ListItemText primary={item} />
          </ListItem>
        ))}
      </List>
      <Link component={RouterLink} to={settingsPath}>
        {NOTIFICATION_MESSAGES.manageSettings}
      </Link>
    </Paper>
  );
}
