import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import type { Theme } from '@mui/material/styles';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { SETTINGS_MESSAGES, type ThemeSettings } from '@rafflewin/domain';
import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { FlashMessage } from '@/components/FlashMessage';
import { useOnline } from '@/hooks/useOnline';
import { useSettingsDocuments } from '../api/useSettingsDocuments';
import { AppearanceSettingsForm } from './AppearanceSettingsForm';
import { EmailSettingsForm } from './EmailSettingsForm';
import { GeneralSettingsForm } from './GeneralSettingsForm';
import { SocialSettingsForm } from './SocialSettingsForm';

const TABS = [
  { id: 'general', label: 'General' },
  { id: 'appearance', label: 'Appearance' },
  { id: 'social', label: 'Social Media' },
  { id: 'email', label: 'Email Server' },
] as const;
type TabId = (typeof TABS)[number]['id'];

/** The offline and connection-error screens, each with Retry Connection. */
function Unavailable({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry: () => void;
}) {
  return (
    <Paper role="alert" sx={{ p: { xs: 3, md: 5 }, textAlign: 'center' }}>
      <Typography variant="h5" component="h2" gutterBottom>
        {title}
      </Typography>
      <Typography sx={{ mb: 3 }}>{message}</Typography>
      <Button variant="contained" onClick={onRetry}>
        Retry Connection
      </Button>
    </Paper>
  );
}

function TabPanel({ id, active, children }: { id: TabId; active: boolean; children: ReactNode }) {
  // Panels stay mounted while hidden, so unsaved changes survive a look at another tab.
  return (
    <Box
      role="tabpanel"
      id={`settings-panel-${id}`}
      aria-labelledby={`settings-tab-${id}`}
      hidden={!active}
    >
      {children}
    </Box>
  );
}

/**
 * Site Settings: General, Appearance, Social Media and Email Server tabs,
 * each saved on its own through an audited callable; the shop reads the public settings live,
 * so a save shows there at once.
 */
export function SiteSettings({
  adminEmail,
  buildTheme,
}: {
  adminEmail: string;
  buildTheme: (settings: ThemeSettings) => Theme;
}) {
  const online = useOnline();
  const load = useSettingsDocuments();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabId = TABS.some((t) => t.id === requested) ? (requested as TabId) : 'general';
  const [flash, setFlash] = useState<string | null>(null);
  const saved = () => setFlash(SETTINGS_MESSAGES.updated);

  if (!online) {
    return (
      <Unavailable
        title="You're Offline"
        message={SETTINGS_MESSAGES.offline}
        onRetry={load.retry}
      />
    );
  }
  if (load.status === 'loading') {
    return (
      <Box
        sx={{ display: 'flex', justifyContent: 'center', py: 8 }}
        role="status"
        aria-label="Loading settings"
      >
        <CircularProgress aria-hidden />
      </Box>
    );
  }
  if (load.status === 'unreachable') {
    return (
      <Unavailable
        title="Connection Error"
        message={SETTINGS_MESSAGES.connectionError}
        onRetry={load.retry}
      />
    );
  }
  if (load.status === 'failed') {
    return (
      <Unavailable
        title="Settings Unavailable"
        message={SETTINGS_MESSAGES.loadFailed}
        onRetry={load.retry}
      />
    );
  }

  const { site, social, smtp } = load.documents;
  return (
    <>
      <Tabs
        value={tab}
        onChange={(_event, value: TabId) => setParams({ tab: value }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Settings sections"
        sx={{ mb: 3 }}
      >
        {TABS.map(({ id, label }) => (
          <Tab
            key={id}
            value={id}
            label={label}
            id={`settings-tab-${id}`}
            aria-controls={`settings-panel-${id}`}
          />
        ))}
      </Tabs>
      <TabPanel id="general" active={tab === 'general'}>
        <GeneralSettingsForm site={site} onSaved={saved} />
      </TabPanel>
      <TabPanel id="appearance" active={tab === 'appearance'}>
        <AppearanceSettingsForm site={site} buildTheme={buildTheme} onSaved={saved} />
      </TabPanel>
      <TabPanel id="social" active={tab === 'social'}>
        <SocialSettingsForm social={social} onSaved={saved} />
      </TabPanel>
      <TabPanel id="email" active={tab === 'email'}>
        <EmailSettingsForm smtp={smtp} adminEmail={adminEmail} onSaved={saved} />
      </TabPanel>
      <FlashMessage message={flash} onClose={() => setFlash(null)} />
    </>
  );
}
