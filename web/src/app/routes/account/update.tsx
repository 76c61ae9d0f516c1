import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ACCOUNT_MESSAGES, PROFILE_REDIRECT_MS } from '@rafflewin/domain';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PageTitle } from '@/components/PageTitle';
import { PageLoading } from '@/components/layout/AppLayout';
import { paths } from '@/config/paths';
import { useProfile } from '@/features/account/api/useProfile';
import { PersonalDetailsForm } from '@/features/account/components/PersonalDetailsForm';
import { useSession } from '@/hooks/useSession';

/** Update Profile (/account/update): back to /account 2 seconds after saving. */
export default function UpdateProfilePage() {
  const { user } = useSession();
  const { status, profile, failure } = useProfile(user!.uid);
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);

  useEffect(() => {
    if (!saved) return undefined;
    const timer = setTimeout(() => void navigate(paths.account.root), PROFILE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [saved, navigate]);

  return (
    <Stack spacing={3} sx={{ maxWidth: 720, mx: 'auto' }}>
      <PageTitle title="Update Profile" />
      <Button
        component={RouterLink}
        to={paths.account.root}
        startIcon={<ArrowBack />}
        sx={{ alignSelf: 'flex-start' }}
      >
        Back to Profile
      </Button>
      <Typography variant="h3" component="h1">
        Update Profile
      </Typography>
      {status === 'loading' && <PageLoading />}
      {status === 'error' && (
        <Alert severity="error">{failure ?? ACCOUNT_MESSAGES.fetchProfileFailed}</Alert>
      )}
      {saved && <Alert severity="success">{ACCOUNT_MESSAGES.profileUpdated}</Alert>}
      {profile && (
        <Paper sx={{ p: { xs: 2, md: 3 } }}>
          <PersonalDetailsForm
            profile={profile}
            showBio
            submitLabel="Update Profile"
            onSaved={() => setSaved(true)}
          />
        </Paper>
      )}
    </Stack>
  );
}
