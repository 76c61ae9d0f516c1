import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  COMPLAINT_RESOLVE_WORKING_DAYS,
  CONTACT_MESSAGES,
  FORM_PARSE_OPTIONS,
  submitSupportTicketInput,
  type SubmitSupportTicketInput,
  type SupportTicketSubmission,
} from '@rafflewin/domain';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';

/**
 * The contact form (name, e-mail, subject, message), validated with the same schema as the
 * callable. A signed-in customer's name is filled in from their account, and their e-mail
 * address is the account's (shown, not editable: the server uses the account's address).
 */
export function ContactForm({
  name,
  email,
  signedIn = false,
}: {
  name: string;
  email: string;
  signedIn?: boolean;
}) {
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SubmitSupportTicketInput, unknown, SupportTicketSubmission>({
    resolver: zodResolver(submitSupportTicketInput, FORM_PARSE_OPTIONS),
    values: { name, email, subject: '', message: '', complaint: false },
    resetOptions: { keepDirtyValues: true },
  });

  const submit = async (form: SupportTicketSubmission) => {
    setSent(null);
    setFailure(null);
    try {
      const { reference } = await call('submitSupportTicket', form);
      setSent(reference);
      reset({ name, email, subject: '', message: '', complaint: false });
    } catch (error) {
      setFailure(toUserMessage(error, CONTACT_MESSAGES.failed));
    }
  };

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      onSubmit={(event) => void handleSubmit(submit)(event)}
    >
      {sent && (
        <Alert severity="success">
          {CONTACT_MESSAGES.sent} Your reference is <strong>{sent}</strong>.
        </Alert>
      )}
      {failure && <Alert severity="error">{failure}</Alert>}
      <TextField
        label="Name"
        autoComplete="name"
        {...register('name')}
        error={Boolean(errors.name)}
        helperText={errors.name?.message}
      />
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        {...register('email')}
        error={Boolean(errors.email)}
        helperText={
          errors.email?.message ??
          (signedIn ? "Replies go to your account's e-mail address" : undefined)
        }
        slotProps={{ htmlInput: { readOnly: signedIn } }}
      />
      <TextField
        label="Subject"
        {...register('subject')}
        error={Boolean(errors.subject)}
        helperText={errors.subject?.message}
      />
      <TextField
        label="Message"
        multiline
        minRows={5}
        {...register('message')}
        error={Boolean(errors.message)}
        helperText={errors.message?.message}
      />
      <Controller
        name="complaint"
        control={control}
        render={({ field }) => (
          <FormControlLabel
            control={
              <Checkbox
                checked={Boolean(field.value)}
                onChange={(event) => field.onChange(event.target.checked)}
              />
            }
            label={`This is a complaint (we resolve complaints within ${COMPLAINT_RESOLVE_WORKING_DAYS} working days)`}
          />
        )}
      />
      <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
        {isSubmitting ? 'Sending…' : 'Send Message'}
      </Button>
    </Stack>
  );
}
