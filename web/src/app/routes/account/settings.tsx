import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { ACCOUNT_MESSAGES } from '@rafflewin/domain';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { FlashMessage } from '@/components/FlashMessage';
import { PageHeading } from '@/components/PageTitle';
import { PageLoading } from '@/components/layout/AppLayout';
import { paths } from '@/config/paths';
import { useProfile } from '@/features/account/api/useProfile';
import { useUserSettings } from '@/features/account/api/useUserSettings';
import { AccountCard } from '@/features/account/components/AccountCard';
import { DataExportCard } from '@/features/account/components/DataExportCard';
import { DeleteAccountCard } from '@/features/account/components/DeleteAccountCard';
import { PaymentCardsCard } from '@/features/account/components/PaymentCardsCard';
import { PersonalDetailsForm } from '@/features/account/components/PersonalDetailsForm';
import { EmailChangeCard } from '@/features/auth/components/EmailChangeCard';
import { PasswordChangeCard } from '@/features/auth/components/PasswordChangeCard';
import { TwoFactorCard } from '@/features/auth/components/TwoFactorCard';
import { NotificationChannelsCard } from '@/features/account/components/NotificationChannelsCard';
import { PreferencesCard } from '@/features/account/components/PreferencesCard';
import { SignOutEverywhereCard } from '@/features/account/components/SignOutEverywhereCard';
import { useSession } from '@/hooks/useSession';

const TABS = [
  { key: 'account', label: 'Account' },
  { key: 'security', label: 'Security' },
  { key: 'danger', label: 'Danger Zone' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

function TabPanel({
  tab,
  current,
  children,
}: {
  tab: TabKey;
  current: TabKey;
  children: ReactNode;
}) {
  if (tab !== current) return null;
  return (
    <Stack
      role="tabpanel"
      id={`settings-panel-${tab}`}
      aria-labelledby={`settings-tab-${tab}`}
      spacing={3}
    >
      {children}
    </Stack>
  );
}

function AccountTab({ uid }: { uid: string }) {
  const { status, profile, failure } = useProfile(uid);
  const preferences = useUserSettings(uid);
  const [saved, setSaved] = useState<string | null>(null);
  return (
    <>
      <EmailChangeCard />
      {status === 'error' && (
        <Alert severity="error">{failure ?? ACCOUNT_MESSAGES.loadProfileFailed}</Alert>
      )}
      {profile && (
        <AccountCard
          title="Profile Details"
          description="Your name, UK phone number and date of birth. Entrants must be 18 or older."
        >
          <PersonalDetailsForm
            profile={profile}
            showBio={false}
            onSaved={() => setSaved(ACCOUNT_MESSAGES.profileUpdated)}
          />
        </AccountCard>
      )}
      {preferences.status === 'error' && (
        <Alert severity="error">{preferences.failure ?? ACCOUNT_MESSAGES.loadProfileFailed}</Alert>
      )}
      {preferences.settings && <PreferencesCard uid={uid} settings={preferences.settings} />}
      {preferences.settings && (
        <NotificationChannelsCard uid={uid} settings={preferences.settings} />
      )}
      {(status === 'loading' || preferences.status === 'loading') && <PageLoading />}
      <DataExportCard uid={uid} />
      <FlashMessage message={saved} onClose={() => setSaved(null)} />
    </>
  );
}

/** Account Settings (/account/settings): Account, Security and Danger Zone tabs. */
export default function SettingsPage() {
  const { user } = useSession();
  const uid = user!.uid;
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const current: TabKey = TABS.some((t) => t.key === requested) ? (requested as TabKey) : 'account';

  return (
    <Stack spacing={3} sx={{ maxWidth: 900, mx: 'auto' }}>
      <PageHeading title="Account Settings" />
      <Stack direction="row" spacing={1.5} useFlexGap flexWrap="wrap">
        <Button component={RouterLink} to={paths.account.password} variant="outlined" size="small">
          Change Password
        </Button>
        <Button component={RouterLink} to={paths.account.tickets} variant="outlined" size="small">
          My Tickets
        </Button>
        <Button component={RouterLink} to={paths.account.orders} variant="outlined" size="small">
          My Orders
        </Button>
      </Stack>
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={current}
          onChange={(_, tab: TabKey) =>
            setParams(tab === 'account' ? {} : { tab }, { replace: true })
          }
          aria-label="Settings sections"
          variant="scrollable"
          allowScrollButtonsMobile
        >
          {TABS.map((tab) => (
            <Tab
              key={tab.key}
              value={tab.key}
              label={tab.label}
              id={`settings-tab-${tab.key}`}
              aria-controls={`settings-panel-${tab.key}`}
            />
          ))}
        </Tabs>
      </Box>
      <TabPanel tab="account" current={current}>
        <AccountTab uid={uid} />
      </TabPanel>
      <TabPanel tab="security" current={current}>
        <TwoFactorCard />
        <PasswordChangeCard />
        <SignOutEverywhereCard />
        <PaymentCardsCard uid={uid} />
      </TabPanel>
      <TabPanel tab="danger" current={current}>
        <DeleteAccountCard />
      </TabPanel>
    </Stack>
  );
}
