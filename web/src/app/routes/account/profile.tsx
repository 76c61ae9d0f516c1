import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { ACCOUNT_MESSAGES } from '@rafflewin/domain';
import { Link as RouterLink } from 'react-router';
import { PageHeading } from '@/components/PageTitle';
import { PageLoading } from '@/components/layout/AppLayout';
import { paths } from '@/config/paths';
import { useProfile } from '@/features/account/api/useProfile';
import { ProfileForm } from '@/features/account/components/ProfileForm';
import { useSession } from '@/hooks/useSession';

/** Profile Settings (/account): username and bio, and the e-mail shown read-only. */
export default function ProfilePage() {
  const { user } = useSession();
  const { status, profile, failure } = useProfile(user!.uid);
  return (
    <Stack spacing={3} sx={{ maxWidth: 720, mx: 'auto' }}>
      <PageHeading title="Profile Settings" />
      {status === 'loading' && <PageLoading />}
      {status === 'error' && (
        <Alert severity="error">{failure ?? ACCOUNT_MESSAGES.fetchProfileFailed}</Alert>
      )}
      {profile && (
        <Paper sx={{ p: { xs: 2, md: 3 } }}>
          <ProfileForm profile={profile} />
        </Paper>
      )}
      <Stack direction="row" spacing={1.5} useFlexGap flexWrap="wrap">
        <Button component={RouterLink} to={paths.account.update} variant="outlined">
          Update Profile
        </Button>
        <Button component={RouterLink} to={paths.account.settings} variant="outlined">
          Account Settings
        </Button>
        <Button component={RouterLink} to={paths.account.tickets}>
          My Tickets
        </Button>
        <Button component={RouterLink} to={paths.account.orders}>
          My Orders
        </Button>
        <Button component={RouterLink} to={paths.account.saved}>
          Saved Raffles
        </Button>
      </Stack>
    </Stack>
  );
}
