import { buildTheme } from '@/app/theme';
import { PageHeading } from '@/components/PageTitle';
import { SiteSettings } from '@/features/admin/settings/components/SiteSettings';
import { useSession } from '@/hooks/useSession';

/** Site Settings. The preview uses the shop's own theme builder. */
export default function Page() {
  const { user } = useSession();
  return (
    <>
      <PageHeading title="Site Settings" variant="h4" gutterBottom />
      <SiteSettings adminEmail={user?.email ?? ''} buildTheme={buildTheme} />
    </>
  );
}
