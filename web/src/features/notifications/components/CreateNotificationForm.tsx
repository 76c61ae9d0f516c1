import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  NOTIFICATION_LIMITS,
  NOTIFICATION_TYPES,
  SEND_NOTIFICATION_MESSAGES,
  sendNotificationInput,
  type NotificationType,
  type SendNotificationInput,
  type UserProfile,
} from '@rafflewin/domain';
import { useState } from 'react';
import { Controller, useWatch } from 'react-hook-form';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FlashMessage } from '@/components/FlashMessage';
import { useReportRefusal } from '@/lib/accessRefusal';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';
import { useRequestKey } from '@/hooks/useRequestKey';
import { useZodForm } from '@/hooks/useZodForm';
import { NotificationPreview } from './NotificationPreview';
import { UserPicker } from '@/components/UserPicker';

const TYPE_LABELS: Record<NotificationType, string> = {
  system: 'System',
  raffle: 'Raffle',
  account: 'Account',
  win: 'Win',
};

const EMPTY: SendNotificationInput = {
  sendToAll: false,
  userId: null,
  type: 'system',
  title: '',
  message: '',
  marketing: false,
};

/**
 * Create Notification: one user, picked by e-mail, or every user; type,
 * title and message, checked with the callable's own schema; an optional phone preview.
 * Sending to all is one request: the server queues it and answers at once; the progress of
 * each send to all shows below the form.
 */
export function CreateNotificationForm() {
  const [recipient, setRecipient] = useState<UserProfile | null>(null);
  const [preview, setPreview] = useState(true);
  const [success, setSuccess] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const reportRefusal = useReportRefusal();
  const {
    control,
    register,
    handleSubmit,
    reset,
    setValue,
    formState: { errors, isSubmitting },
  } = useZodForm(sendNotificationInput, EMPTY);
  const [sendToAll, type, title, message] = useWatch({
    control,
    name: ['sendToAll', 'type', 'title', 'message'],
  });

  // This message's key: a second press, or a retry after a lost answer, sends nothing again.
  // Words changed after a failed try are another message, with a key of its own.
  const requestKey = useRequestKey();
  const [confirming, setConfirming] = useState<SendNotificationInput | null>(null);
  const [isSending, setIsSending] = useState(false);

  const send = async (values: SendNotificationInput) => {
    setFailure(null);
    setSuccess(null);
    try {
      const result = await call('sendNotification', {
        ...values,
        requestId: requestKey.keyFor(values),
      });
      // A send to all is queued: its progress shows under the form (BroadcastProgress).
      setSuccess(
        result.queued
          ? SEND_NOTIFICATION_MESSAGES.queued(result.total)
          : SEND_NOTIFICATION_MESSAGES.created,
      );
      reset({ ...EMPTY, type: values.type });
      setRecipient(null);
      requestKey.forget();
    } catch (error) {
      if (!reportRefusal(error)) {
        setFailure(toUserMessage(error, SEND_NOTIFICATION_MESSAGES.failed));
      }
    }
  };

  // Sending to everyone is asked for twice: once on the form, once in the confirmation.
  const submit = async (values: SendNotificationInput) => {
    if (values.sendToAll) setConfirming(values);
    else await send(values);
  };

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} alignItems="flex-start">
      <Paper sx={{ p: { xs: 2, md: 3 }, flexGrow: 1, width: '100%' }}>
        <Stack
          component="form"
          spacing={2}
          noValidate
          onSubmit={(event) => void handleSubmit(submit)(event)}
        >
          {failure && <Alert severity="error">{failure}</Alert>}
          <Controller
            control={control}
            name="sendToAll"
            render={({ field }) => (
              <FormControlLabel
                control={
                  <Checkbox
                    checked={field.value}
                    onChange={(event) => {
                      field.onChange(event.target.checked);
                      if (event.target.checked) {
                        setRecipient(null);
                        setValue('userId', null);
                      }
                    }}
                  />
                }
                label="Send to all users"
              />
            )}
          />
          <UserPicker
            value={recipient}
            required={false}
            failedText={SEND_NOTIFICATION_MESSAGES.searchUsersFailed}
            disabled={sendToAll}
            error={errors.userId?.message}
            onChange={(user) => {
              setRecipient(user);
              setValue('userId', user?.id ?? null, { shouldValidate: Boolean(errors.userId) });
            }}
          />
          <Controller
            control={control}
            name="type"
            render={({ field }) => (
              <TextField select label="Type" {...field}>
                {NOTIFICATION_TYPES.map((option) => (
                  <MenuItem key={option} value={option}>
                    {TYPE_LABELS[option]}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          <TextField
            label="Title"
            {...register('title')}
            slotProps={{ htmlInput: { maxLength: NOTIFICATION_LIMITS.titleMax } }}
            error={Boolean(errors.title)}
            helperText={errors.title?.message}
          />
          <TextField
            label="Message"
            multiline
            minRows={4}
            {...register('message')}
            slotProps={{ htmlInput: { maxLength: NOTIFICATION_LIMITS.messageMax } }}
            error={Boolean(errors.message)}
            helperText={errors.message?.message}
          />
          <Controller
            control={control}
            name="marketing"
            render={({ field }) => (
              <Stack>
                <FormControlLabel
                  control={
                    <Checkbox
                      checked={field.value ?? false}
                      onChange={(event) => field.onChange(event.target.checked)}
                      slotProps={{ input: { 'aria-describedby': 'marketing-help' } }}
                    />
                  }
                  label={SEND_NOTIFICATION_MESSAGES.marketingLabel}
                />
                <Typography id="marketing-help" variant="caption" color="text.secondary">
                  {SEND_NOTIFICATION_MESSAGES.marketingHelp}
                </Typography>
              </Stack>
            )}
          />
          <Stack direction="row" justifyContent="space-between" alignItems="center">
            <FormControlLabel
              control={<Switch checked={preview} onChange={(_, on) => setPreview(on)} />}
              label="Phone preview"
            />
            <Button
              type="submit"
              variant="contained"
              startIcon={<Send />}
              disabled={isSubmitting || isSending}
            >
              {isSubmitting || isSending ? 'Sending…' : 'Send Notification'}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      {preview && (
        <Box sx={{ flexShrink: 0, alignSelf: { xs: 'center', md: 'flex-start' } }}>
          <NotificationPreview type={type} title={title} message={message} />
        </Box>
      )}
      <FlashMessage message={success} onClose={() => setSuccess(null)} />
      {confirming && (
        <ConfirmDialog
          title={SEND_NOTIFICATION_MESSAGES.confirmAllTitle}
          message={SEND_NOTIFICATION_MESSAGES.confirmAll}
          confirmLabel="Send to all"
          busy={isSending}
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            const values = confirming;
            setIsSending(true);
            void send(values).finally(() => {
              setIsSending(false);
              setConfirming(null);
            });
          }}
        />
      )}
    </Stack>
  );
}
