import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  SETTINGS_MESSAGES,
  TEST_EMAIL_MESSAGES,
  emailSettingsFormSchema,
  type EmailSettingsFormValues,
} from '@rafflewin/domain';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { FlashMessage } from '@/components/FlashMessage';
import { call } from '@/lib/callables';
import { useZodForm } from '@/hooks/useZodForm';
import { useAdminAccess } from '../../access/components/AdminAccess';
import type { LoadedSmtpSettings } from '../api/useSettingsDocuments';
import { SettingsForm } from './SettingsForm';

function formValues(smtp: LoadedSmtpSettings): EmailSettingsFormValues {
  return {
    host: smtp.host,
    port: String(smtp.port),
    secure: smtp.secure,
    user: smtp.user,
    password: '',
    fromAddress: smtp.fromAddress,
    fromName: smtp.fromName,
    clearPassword: false,
  };
}

/**
 * Email Server: the SMTP settings the shop's mailer uses (a blank host means the default
 * server: MailDev locally). The password is write-only: this form never receives it, only
 * whether one is saved. "Send test email" sends through the settings on the form, saved or
 * not.
 */
export function EmailSettingsForm({
  smtp,
  adminEmail,
  onSaved,
}: {
  smtp: LoadedSmtpSettings;
  adminEmail: string;
  onSaved: () => void;
}) {
  const { describeFailure } = useAdminAccess();
  const [failure, setFailure] = useState<string | null>(null);
  const [hasPassword, setHasPassword] = useState(smtp.hasPassword);
  // The version the tab shows: a save over a later change is refused, not applied.
  const [seenUpdatedAt, setSeenUpdatedAt] = useState(smtp.updatedAt);
  const [testAddress, setTestAddress] = useState(adminEmail);
  const [testing, setTesting] = useState(false);
  // A success is the console's flash (gone after 3 seconds); a failure stays by the button.
  const [testSent, setTestSent] = useState<string | null>(null);
  const [testFailure, setTestFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    getValues,
    field,
    formState: { errors, isSubmitting },
  } = useZodForm(emailSettingsFormSchema, formValues(smtp));

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await call('updateEmailSettings', { ...values, seenUpdatedAt });
      setSeenUpdatedAt(saved.updatedAt);
      setHasPassword(saved.hasPassword);
      reset(formValues(saved));
      onSaved();
    } catch (error) {
      setFailure(describeFailure(SETTINGS_MESSAGES.updateFailed('email'))(error));
    }
  });

  const sendTest = async () => {
    setTestSent(null);
    setTestFailure(null);
    const values = getValues();
    const fail = (message: string) => setTestFailure(message);
    if (!values.host.trim() || !values.user.trim() || (!values.password && !hasPassword)) {
      return fail(TEST_EMAIL_MESSAGES.incomplete);
    }
    if (!testAddress.trim()) return fail(TEST_EMAIL_MESSAGES.addressRequired);
    const parsed = emailSettingsFormSchema.safeParse(values);
    if (!parsed.success) return fail(parsed.error.issues[0]?.message ?? TEST_EMAIL_MESSAGES.failed);
    const { clearPassword: _clear, ...server } = parsed.data;
    setTesting(true);
    try {
      await call('sendTestEmail', { to: testAddress, smtp: server });
      setTestSent(TEST_EMAIL_MESSAGES.sent);
    } catch (error) {
      const message = describeFailure(TEST_EMAIL_MESSAGES.failed)(error);
      if (message !== null) fail(message);
    } finally {
      setTesting(false);
    }
  };

  return (
    <SettingsForm
      title="Email Server"
      submitLabel="Save Email Settings"
      busy={isSubmitting}
      failure={failure}
      onSubmit={(event) => void submit(event)}
      after={
        <>
          <Divider />
          <Stack spacing={2} component="section" aria-labelledby="test-email-heading">
            <Typography id="test-email-heading" variant="subtitle1" component="h3" fontWeight={700}>
              Send a test email
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Sends one message through the settings above, saved or not, so you can check them
              before saving.
            </Typography>
            {testFailure && (
              <Alert severity="error" role="alert">
                {testFailure}
              </Alert>
            )}
            <FlashMessage message={testSent} onClose={() => setTestSent(null)} />
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={2}
              alignItems={{ sm: 'flex-start' }}
            >
              <TextField
                label="Test email address"
                type="email"
                value={testAddress}
                onChange={(event) => setTestAddress(event.target.value)}
                onKeyDown={(event) => {
                  // Enter sends the test rather than saving the settings form around it.
                  if (event.key === 'Enter') {
                    event.preventDefault();
                    void sendTest();
                  }
                }}
                fullWidth
              />
              <Button
                variant="outlined"
                onClick={() => void sendTest()}
                disabled={testing}
                sx={{ flexShrink: 0, mt: { sm: 1 } }}
              >
                {testing ? 'Sending…' : 'Send test email'}
              </Button>
            </Stack>
          </Stack>
        </>
      }
    >
      <Typography color="text.secondary">
        The SMTP server that sends the shop&apos;s e-mails. Leave the host empty to use the
        shop&apos;s default mail server.
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="SMTP host" placeholder="smtp.example.com" fullWidth {...field('host')} />
        <TextField
          label="SMTP port"
          inputMode="numeric"
          sx={{ minWidth: 140 }}
          {...field('port')}
        />
      </Stack>
      <Controller
        name="secure"
        control={control}
        render={({ field: secure }) => (
          <FormControlLabel
            label="Use TLS from the start (usually port 465); otherwise STARTTLS is required to send a password"
            control={
              <Switch
                checked={secure.value}
                onChange={(event) => secure.onChange(event.target.checked)}
              />
            }
          />
        )}
      />
      <TextField label="SMTP username" autoComplete="off" {...field('user')} />
      <TextField
        label="SMTP password"
        type="password"
        autoComplete="new-password"
        {...register('password')}
        error={Boolean(errors.password)}
        helperText={
          errors.password?.message ??
          (hasPassword
            ? 'A password is saved (it is never shown). Leave this empty to keep it for this server and username, or type a new one.'
            : 'No password is saved.')
        }
      />
      {hasPassword && (
        <Controller
          name="clearPassword"
          control={control}
          render={({ field: clear }) => (
            <FormControlLabel
              label="Remove the saved password"
              control={
                <Checkbox
                  checked={clear.value}
                  onChange={(event) => clear.onChange(event.target.checked)}
                />
              }
            />
          )}
        />
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="From email" type="email" fullWidth {...field('fromAddress')} />
        <TextField label="From name" fullWidth {...field('fromName')} />
      </Stack>
    </SettingsForm>
  );
}
