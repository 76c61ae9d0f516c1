import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { latestBirthDateForAge, signUpInput, type SignUpInput } from '@rafflewin/domain';
import { Link as RouterLink } from 'react-router';
import { useZodForm } from '@/hooks/useZodForm';
import { signUp } from '../api/signUp';
import { NewPasswordFields } from './NewPasswordFields';

const EMPTY: SignUpInput = {
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '+44',
  dateOfBirth: '',
  password: '',
  confirmPassword: '',
};

/**
 * Sign-up, validated with the same schema the signUp callable uses: names,
 * e-mail, +44 phone, 18+ date of birth and the password rules, each with its message.
 */
export function SignUpForm({
  onSignedUp,
}: {
  onSignedUp: (result: { message: string; email: string }) => void;
}) {
  const { handleSubmit, field, busy, failure, setFailure } = useZodForm(
    signUpInput,
    EMPTY,
    'onTouched',
  );

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      onSignedUp({ message: await signUp(values), email: values.email });
    } catch (error) {
      setFailure((error as Error).message);
    }
  });

  return (
    <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} noValidate>
      {failure && <Alert severity="error">{failure}</Alert>}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField label="First name" autoComplete="given-name" fullWidth {...field('firstName')} />
        <TextField label="Last name" autoComplete="family-name" fullWidth {...field('lastName')} />
      </Stack>
      <TextField label="Email" type="email" autoComplete="email" {...field('email')} />
      <TextField label="Phone number" type="tel" autoComplete="tel" {...field('phoneNumber')} />
      <TextField
        label="Date of birth"
        type="date"
        autoComplete="bday"
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { max: latestBirthDateForAge(new Date()) },
        }}
        {...field('dateOfBirth')}
      />
      <NewPasswordFields field={field} labels={['Password', 'Confirm password']} />
      <Typography variant="body2" color="text.secondary">
        You must be 18 or over and live in the UK. By signing up you agree to our{' '}
        <Link component={RouterLink} to="/terms">
          Terms
        </Link>{' '}
        and{' '}
        <Link component={RouterLink} to="/privacy">
          Privacy Policy
        </Link>
        .
      </Typography>
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {busy ? 'Creating your account…' : 'Sign Up'}
      </Button>
    </Stack>
  );
}
