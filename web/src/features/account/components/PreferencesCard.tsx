import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { ACCOUNT_MESSAGES, SITE_TIME_ZONE, type UserSettings } from '@rafflewin/domain';
import { useMemo, useState } from 'react';
import { FlashMessage } from '@/components/FlashMessage';
import { useAction } from '@/hooks/useAction';
import { toUserMessage } from '@/lib/errors';
import { savePreferences, type EditablePreferences } from '../api/savePreferences';
import { AccountCard } from './AccountCard';

/**
 * Each customer has a `language`; a language is offered only when the shop's
 * text exists in it, which today is English alone.
 */
const LANGUAGES = [{ value: 'en', label: 'English (UK)' }];
const offered = (language: string) =>
  LANGUAGES.some((option) => option.value === language) ? language : 'en';

function timeZones(current: string): string[] {
  const all =
    typeof Intl.supportedValuesOf === 'function'
      ? Intl.supportedValuesOf('timeZone')
      : [SITE_TIME_ZONE, 'UTC'];
  return [...new Set([SITE_TIME_ZONE, 'UTC', current, ...all])];
}

/**
 * E-mail and marketing preferences, language and time zone (they belong with the account's
 * settings). The rules let the owner change exactly these four.
 */
export function PreferencesCard({ uid, settings }: { uid: string; settings: UserSettings }) {
  // Only what the person changed here: the rest shows the settings as they are now (another
  // tab may change them), and saving writes only these.
  const [edits, setEdits] = useState<Partial<EditablePreferences>>({});
  const values: EditablePreferences = {
    emailNotifications: settings.emailNotifications,
    marketingEmails: settings.marketingEmails,
    language: offered(settings.language),
    timezone: settings.timezone,
    ...edits,
  };
  const setValues = (change: (v: EditablePreferences) => EditablePreferences) => {
    const next = change(values);
    setEdits(
      Object.fromEntries(
        (Object.keys(next) as Array<keyof EditablePreferences>)
          .filter((key) => key in edits || next[key] !== values[key])
          .map((key) => [key, next[key]]),
      ),
    );
  };
  const {
    busy,
    error: failure,
    run,
  } = useAction((caught) => toUserMessage(caught, ACCOUNT_MESSAGES.preferencesFailed));
  const [saved, setSaved] = useState<string | null>(null);
  const zones = useMemo(() => timeZones(settings.timezone), [settings.timezone]);

  const save = async () => {
    const done = await run(async () => {
      if (Object.keys(edits).length > 0) await savePreferences(uid, edits);
      return true;
    });
    if (done) {
      setEdits({});
      setSaved(ACCOUNT_MESSAGES.preferencesUpdated);
    }
  };

  return (
    <AccountCard
      title="Preferences"
      description="How we keep in touch. E-mails about orders, wins, refunds and security are always sent."
    >
      {failure && <Alert severity="error">{failure}</Alert>}
      <FormControlLabel
        control={
          <Switch
            checked={values.emailNotifications}
            onChange={(event) =>
              setValues((v) => ({ ...v, emailNotifications: event.target.checked }))
            }
          />
        }
        label="E-mail me about support replies, raffle updates and results"
      />
      <FormControlLabel
        control={
          <Switch
            checked={values.marketingEmails}
            onChange={(event) =>
              setValues((v) => ({ ...v, marketingEmails: event.target.checked }))
            }
          />
        }
        label="Send me offers and news about new competitions"
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          label="Language"
          value={values.language}
          onChange={(event) => setValues((v) => ({ ...v, language: event.target.value }))}
          helperText="The shop and its e-mails are written in English."
          fullWidth
        >
          {LANGUAGES.map((language) => (
            <MenuItem key={language.value} value={language.value}>
              {language.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label="Time zone"
          value={values.timezone}
          onChange={(event) => setValues((v) => ({ ...v, timezone: event.target.value }))}
          helperText="Dates and times on the site are shown in this time zone."
          fullWidth
          slotProps={{
            select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 320 } } } } },
          }}
        >
          {zones.map((zone) => (
            <MenuItem key={zone} value={zone}>
              {zone}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <Button
        variant="contained"
        onClick={() => void save()}
        disabled={busy}
        sx={{ alignSelf: 'flex-start' }}
      >
        {busy ? 'Saving…' : 'Save Preferences'}
      </Button>
      <FlashMessage message={saved} onClose={() => setSaved(null)} />
    </AccountCard>
  );
}
