import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { latestBirthDateForAge, signUpInput, type SignUpInput } from '@rafflewin/domain';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { signUp } from '../api/signUp';

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
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput, unknown, z.output<typeof signUpInput>>({
    resolver: zodResolver(signUpInput),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      onSignedUp({ message: await signUp(values), email: values.email });
    } catch (error) {
      setFailure((error as Error).message);
    }
  });

  const field = (name: keyof SignUpInput) => ({
    ...register(name),
    error: Boolean(errors[name]),
    helperText: errors[name]?.message,
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
      <TextField
        label="Password"
        type="password"
        autoComplete="new-password"
        {...field('password')}
        helperText={
          errors.password?.message ??
          'At least 8 characters with an uppercase and a lowercase letter, a number and one of !@#$%^&*'
        }
      />
      <TextField
        label="Confirm password"
        type="password"
        autoComplete="new-password"
        {...field('confirmPassword')}
      />
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
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
        {isSubmitting ? 'Creating your account…' : 'Sign Up'}
      </Button>
    </Stack>
  );
}
