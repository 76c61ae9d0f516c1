import Typography from '@mui/material/Typography';
import { buildTheme } from '@/app/theme';
import { PageTitle } from '@/components/PageTitle';
import { SiteSettings } from '@/features/admin/settings/components/SiteSettings';
import { useSession } from '@/hooks/useSession';

/** Site Settings. The preview uses the shop's own theme builder. */
export default function Page() {
  const { user } = useSession();
  return (
    <>
      <PageTitle title="Site Settings" />
      <Typography variant="h4" component="h1" gutterBottom>
        Site Settings
      </Typography>
      <SiteSettings adminEmail={user?.email ?? ''} buildTheme={buildTheme} />
    </>
  );
}
