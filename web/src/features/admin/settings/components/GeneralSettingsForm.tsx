import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  POSTAL_ADDRESS_PLACEHOLDER,
  SETTINGS_MESSAGES,
  generalSettingsSchema,
  type GeneralSettings,
  type SiteSettings,
} from '@rafflewin/domain';
import { useState } from 'react';
import { Controller, useWatch, type Control } from 'react-hook-form';
import { call } from '@/lib/callables';
import { useZodForm } from '@/hooks/useZodForm';
import { useAdminAccess } from '../../access/components/AdminAccess';
import { SettingsForm } from './SettingsForm';

type Flag = 'maintenanceMode' | 'registrationEnabled' | 'allowGuestViews' | 'refuseWrongAnswers';

function FlagSwitch({
  control,
  name,
  label,
  help,
}: {
  control: Control<GeneralSettings>;
  name: Flag;
  label: string;
  help: string;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <div>
          <FormControlLabel
            label={label}
            control={
              <Switch
                checked={field.value}
                onChange={(event) => field.onChange(event.target.checked)}
                onBlur={field.onBlur}
                slotProps={{ input: { 'aria-describedby': `${name}-help` } }}
              />
            }
          />
          <FormHelperText id={`${name}-help`} sx={{ mt: -0.5, ml: 6 }}>
            {help}
          </FormHelperText>
        </div>
      )}
    />
  );
}

/** The General tab's fields of the site settings. */
function pickGeneral(site: SiteSettings): GeneralSettings {
  const keys = Object.keys(generalSettingsSchema.shape) as Array<keyof GeneralSettings>;
  return Object.fromEntries(keys.map((key) => [key, site[key]])) as GeneralSettings;
}

/** General: the shop's name and contact details, and who may use it. */
export function GeneralSettingsForm({
  site,
  onSaved,
}: {
  site: SiteSettings;
  onSaved: () => void;
}) {
  const { describeFailure } = useAdminAccess();
  const [failure, setFailure] = useState<string | null>(null);
  // The settings the form was filled with: only what differs from them is saved.
  const [seen, setSeen] = useState(() => pickGeneral(site));
  const {
    control,
    handleSubmit,
    reset,
    field,
    formState: { isSubmitting },
  } = useZodForm(generalSettingsSchema, seen);
  const maintenance = useWatch({ control, name: 'maintenanceMode' });

  const submit = handleSubmit(async (settings) => {
    setFailure(null);
    try {
      const saved = await call('updateSiteSettings', { group: 'general', settings, seen });
      if (saved.group === 'general') {
        setSeen(saved.settings);
        reset(saved.settings);
      }
      onSaved();
    } catch (error) {
      setFailure(describeFailure(SETTINGS_MESSAGES.updateFailed('general'))(error));
    }
  });

  return (
    <SettingsForm
      title="General"
      submitLabel="Save General Settings"
      busy={isSubmitting}
      failure={failure}
      onSubmit={(event) => void submit(event)}
    >
      <TextField label="Site name" required {...field('siteName')} />
      <TextField label="Site description" multiline minRows={2} {...field('siteDescription')} />
      <TextField label="Contact email" type="email" {...field('contactEmail')} />
      <TextField label="Support phone" inputMode="tel" {...field('supportPhone')} />
      <TextField label="Address" multiline minRows={2} {...field('address')} />
      <Typography variant="h6" component="h3" sx={{ pt: 1 }}>
        Business details
      </Typography>
      <Typography variant="body2" color="text.secondary">
        The law asks for these on every page and e-mail: they appear in the footer, the terms and at
        the foot of every e-mail. Raffles stay off until the postal entry address is set.
      </Typography>
      <TextField
        label="Registered company name"
        placeholder="RaffleWin Ltd"
        {...field('legalName')}
      />
      <TextField
        label="Company number"
        placeholder="01234567"
        slotProps={{ htmlInput: { maxLength: 8, autoCapitalize: 'characters' } }}
        {...field('companyNumber')}
      />
      <TextField label="Registered office" multiline minRows={2} {...field('registeredOffice')} />
      <TextField
        label="Postal entry address"
        multiline
        minRows={2}
        {...field(
          'postalEntryAddress',
          `Where free postal entries go. ${POSTAL_ADDRESS_PLACEHOLDER} in a raffle's postal entry text shows it.`,
        )}
      />
      <FormGroup>
        <FlagSwitch
          control={control}
          name="maintenanceMode"
          label="Maintenance mode"
          help="Only administrators can use the shop; everyone else sees the maintenance screen."
        />
        <FlagSwitch
          control={control}
          name="registrationEnabled"
          label="Registration enabled"
          help="New customers can create accounts."
        />
        <FlagSwitch
          control={control}
          name="allowGuestViews"
          label="Allow guest views"
          help="Visitors who are not signed in can browse the competitions."
        />
        <FlagSwitch
          control={control}
          name="refuseWrongAnswers"
          label="Refuse a wrong answer to the skill question"
          help="Off: the purchase goes ahead but those tickets are left out of the draw (and the customer is told). On: checkout refuses it, and a customer’s first wrong answer is final for that raffle (online and by post), so the options cannot be tried in turn."
        />
      </FormGroup>
      {maintenance && (
        <Alert severity="warning">
          With maintenance mode saved on, customers are locked out until you switch it off.
          Administrators keep full access.
        </Alert>
      )}
    </SettingsForm>
  );
}
