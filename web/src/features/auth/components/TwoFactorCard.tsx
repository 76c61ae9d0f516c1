import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  PASSWORD_MESSAGES,
  TWO_FACTOR_MESSAGES,
  currentPasswordSchema,
  type StartTwoFactorEnrolmentOutput,
} from '@rafflewin/domain';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/hooks/useSession';
import { noteTwoFactorTurningOn } from '@/lib/auth';
import { signOut } from '@/lib/signOut';
import { confirmEnrolment, disableTwoFactor, startEnrolment } from '../api/twoFactorEnrolment';
import { useTwoFactorSetting } from '../api/useTwoFactorSetting';
import { TwoFactorCodeForm } from './TwoFactorForm';

type Stage =
  | { kind: 'idle' }
  | { kind: 'password' }
  | { kind: 'starting' }
  | { kind: 'enrolling'; enrolment: StartTwoFactorEnrolmentOutput }
  /** `signedIn` false: the new sign-in failed, and the tab signs out once they are saved. */
  | { kind: 'recoveryCodes'; codes: string[]; signedIn: boolean }
  | { kind: 'disabling' };

/**
 * The settings page's Security tab: the two-factor toggle. Turning it on asks for the password
 * again (the server enrols only a fresh sign-in), shows a QR code and the secret once, and a
 * first code confirms it and shows the one-time recovery codes once; turning it off needs a
 * current code. The switch shows the server's setting, so a failed or cancelled change
 * reverts it.
 */
export function TwoFactorCard() {
  const { user } = useSession();
  const setting = useTwoFactorSetting(user?.uid ?? null);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const navigate = useNavigate();

  const toggle = (on: boolean) => {
    setMessage(null);
    if (!on) {
      setStage(setting.enabled ? { kind: 'disabling' } : { kind: 'idle' });
      return;
    }
    setStage({ kind: 'password' });
  };

  const start = async (password: string) => {
    // A refusal of the last try no longer stands once the password is sent again.
    setMessage(null);
    setStage({ kind: 'starting' });
    try {
      setStage({ kind: 'enrolling', enrolment: await startEnrolment(password) });
    } catch (error) {
      setStage({ kind: 'password' });
      setMessage({ ok: false, text: (error as Error).message });
    }
  };

  const checked = stage.kind === 'disabling' ? false : setting.enabled || stage.kind !== 'idle';

  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Two-Factor Authentication
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Protect your account with a code from an authenticator app (such as Google Authenticator,
          Microsoft Authenticator or 1Password) each time you sign in.
        </Typography>
        {setting.status === 'error' && (
          <Alert severity="error" sx={{ mb: 2 }}>
            {TWO_FACTOR_MESSAGES.loadFailed}
          </Alert>
        )}
        {message && (
          <Alert severity={message.ok ? 'success' : 'error'} sx={{ mb: 2 }} role="status">
            {message.text}
          </Alert>
        )}
        <FormControlLabel
          control={
            <Switch
              checked={checked}
              disabled={setting.status !== 'success' || stage.kind === 'starting'}
              onChange={(_event, on) => void toggle(on)}
            />
          }
          label={
            setting.enabled ? 'Two-factor authentication is on' : 'Two-factor authentication is off'
          }
        />

        {(stage.kind === 'password' || stage.kind === 'starting') && (
          <PasswordStep
            busy={stage.kind === 'starting'}
            onPassword={start}
            onCancel={() => setStage({ kind: 'idle' })}
          />
        )}

        {stage.kind === 'recoveryCodes' && (
          <Stack spacing={2} sx={{ mt: 2 }}>
            {!stage.signedIn && <Alert severity="error">{TWO_FACTOR_MESSAGES.onSignInAgain}</Alert>}
            <Alert severity="warning">{TWO_FACTOR_MESSAGES.recoveryCodesIntro}</Alert>
            <Box
              component="ul"
              aria-label="Recovery codes"
              data-testid="recovery-codes"
              sx={{ fontFamily: 'monospace', fontWeight: 600, columns: 2, pl: 3, m: 0 }}
            >
              {stage.codes.map((code) => (
                <li key={code}>{code}</li>
              ))}
            </Box>
            <Button
              variant="contained"
              sx={{ alignSelf: 'flex-start' }}
              onClick={() => {
                if (!stage.signedIn) {
                  noteTwoFactorTurningOn(false);
                  void signOut().then(() => navigate(paths.auth, { replace: true }));
                  return;
                }
                setStage({ kind: 'idle' });
                setMessage({ ok: true, text: TWO_FACTOR_MESSAGES.enabled });
              }}
            >
              I have saved my recovery codes
            </Button>
          </Stack>
        )}

        {stage.kind === 'enrolling' && (
          <Stack spacing={2} sx={{ mt: 2 }}>
            <Typography>
              1. Scan this QR code with your authenticator app, or type the key below into it.
            </Typography>
            <Box sx={{ p: 2, bgcolor: '#fff', alignSelf: 'flex-start', borderRadius: 1 }}>
              <QRCodeSVG
                value={stage.enrolment.otpauthUri}
                size={184}
                title="QR code for your authenticator app"
              />
            </Box>
            <Typography variant="body2">
              Key (shown only now):{' '}
              <Box
                component="code"
                data-testid="totp-secret"
                sx={{ fontFamily: 'monospace', wordBreak: 'break-all', fontWeight: 600 }}
              >
                {stage.enrolment.secret}
              </Box>
            </Typography>
            <Typography>2. Enter the 6-digit code the app shows to turn two-factor on.</Typography>
            <TwoFactorCodeForm
              submitLabel="Turn On"
              onCode={async (code) => {
                const { recoveryCodes, signedIn } = await confirmEnrolment(code);
                setStage({ kind: 'recoveryCodes', codes: recoveryCodes, signedIn });
              }}
            />
            <Button onClick={() => setStage({ kind: 'idle' })}>Cancel</Button>
          </Stack>
        )}

        {stage.kind === 'disabling' && (
          <Stack spacing={2} sx={{ mt: 2 }}>
            <Typography>
              Enter a current code from your authenticator app to turn two-factor off.
            </Typography>
            <TwoFactorCodeForm
              submitLabel="Turn Off"
              onCode={async (code) => {
                await disableTwoFactor(code);
                setStage({ kind: 'idle' });
                setMessage({ ok: true, text: TWO_FACTOR_MESSAGES.disabled });
              }}
            />
            <Button onClick={() => setStage({ kind: 'idle' })}>Cancel</Button>
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/** The password typed again before set-up: the server checks it before it enrols. */
function PasswordStep({
  busy,
  onPassword,
  onCancel,
}: {
  busy: boolean;
  onPassword: (password: string) => Promise<void>;
  onCancel: () => void;
}) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <Stack
      component="form"
      spacing={2}
      sx={{ mt: 2 }}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const parsed = currentPasswordSchema.safeParse(password);
        if (!parsed.success) {
          setError(parsed.error.issues[0]?.message ?? PASSWORD_MESSAGES.currentRequired);
          return;
        }
        setError(null);
        void onPassword(parsed.data).finally(() => setPassword(''));
      }}
    >
      <Typography>To set up two-factor authentication, enter your password again.</Typography>
      <TextField
        label="Password (to confirm it's you)"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? ' '}
      />
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" disabled={busy}>
          {busy ? 'Checking…' : 'Continue'}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Stack>
    </Stack>
  );
}
