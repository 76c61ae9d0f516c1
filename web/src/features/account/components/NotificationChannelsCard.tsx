import NotificationsActive from '@mui/icons-material/NotificationsActive';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  NOTIFICATION_KINDS,
  NOTIFICATION_KIND_INFO,
  PUSH_MESSAGES,
  formatShortDate,
  wantsEmailFor,
  wantsPushFor,
  type ChannelChoice,
  type NotificationChannels,
  type NotificationKind,
  type UserSettings,
} from '@rafflewin/domain';
import { useState } from 'react';
import { FlashMessage } from '@/components/FlashMessage';
import { useAction } from '@/hooks/useAction';
import { toUserMessage } from '@/lib/errors';
import {
  enablePushOnThisDevice,
  pushSupported,
  removePushDevice,
  thisDeviceId,
} from '@/lib/pushDevice';
import { saveChannelChoice, useDevices } from '../api/pushDevices';
import { AccountCard } from './AccountCard';

/** The live per-kind choices with the ones made here and not yet saved laid over them. */
function withChoices(settings: UserSettings, pending: NotificationChannels): NotificationChannels {
  const live = settings.notificationChannels ?? {};
  const kinds = new Set([...Object.keys(live), ...Object.keys(pending)]) as Set<NotificationKind>;
  return Object.fromEntries(
    [...kinds].map((kind) => [kind, { ...live[kind], ...pending[kind] }]),
  ) as NotificationChannels;
}

/** The pending choices less one that has now been saved (or failed to be). */
function withoutChoice(
  pending: NotificationChannels,
  kind: NotificationKind,
  choice: ChannelChoice,
): NotificationChannels {
  const left = Object.fromEntries(
    Object.entries(pending[kind] ?? {}).filter(([channel]) => !(channel in choice)),
  );
  return { ...pending, [kind]: left };
}

/** This device: the button that turns push on here, or the word that it is on. */
function ThisDevice({ registered, onEnabled }: { registered: boolean; onEnabled: () => void }) {
  const {
    busy,
    error: failure,
    run,
  } = useAction((caught) => toUserMessage(caught, PUSH_MESSAGES.failed));
  if (!pushSupported()) return <Alert severity="info">{PUSH_MESSAGES.unsupported}</Alert>;
  if (registered) return <Alert severity="success">{PUSH_MESSAGES.enabled}</Alert>;
  const enable = () =>
    run(async () => {
      await enablePushOnThisDevice();
      onEnabled();
    });
  return (
    <>
      {failure && <Alert severity="error">{failure}</Alert>}
      <Button
        variant="contained"
        startIcon={<NotificationsActive />}
        onClick={() => void enable()}
        disabled={busy}
        sx={{ alignSelf: 'flex-start' }}
      >
        {busy ? 'Turning on…' : PUSH_MESSAGES.enable}
      </Button>
    </>
  );
}

/** The e-mail cell of a kind: always sent, never sent, or the customer's choice. */
function EmailCell({
  kind,
  settings,
  onChange,
}: {
  kind: NotificationKind;
  settings: UserSettings;
  onChange: (on: boolean) => void;
}) {
  const { label, email } = NOTIFICATION_KIND_INFO[kind];
  if (email === 'none') return <Typography variant="body2">Not sent</Typography>;
  return (
    <Checkbox
      checked={wantsEmailFor(settings, kind)}
      disabled={email === 'always' || !settings.emailNotifications}
      onChange={(event) => onChange(event.target.checked)}
      slotProps={{ input: { 'aria-label': `${label}: e-mail` } }}
    />
  );
}

/**
 * How each kind of notification reaches the customer: always in the app, by e-mail (service
 * messages always), and by push to the devices listed here; "Notify me on this device" asks
 * the browser's permission only when pressed. Each choice saves as it is made.
 */
export function NotificationChannelsCard({
  uid,
  settings,
}: {
  uid: string;
  settings: UserSettings;
}) {
  const devices = useDevices(uid);
  const [thisDevice, setThisDevice] = useState(thisDeviceId);
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  // Choices made here and not yet saved show at once; under them, the live settings (so one made
  // in another tab shows too). A choice that fails to save falls back to the live one.
  const [pending, setPending] = useState<NotificationChannels>({});
  const current = { ...settings, notificationChannels: withChoices(settings, pending) };
  const registered = Boolean(thisDevice && devices.data.some((device) => device.id === thisDevice));

  const choose = async (kind: NotificationKind, choice: ChannelChoice) => {
    setFailure(null);
    setPending((before) => ({ ...before, [kind]: { ...before[kind], ...choice } }));
    try {
      await saveChannelChoice(uid, kind, choice);
      setSaved(PUSH_MESSAGES.channelsSaved);
    } catch (error) {
      setFailure(toUserMessage(error, PUSH_MESSAGES.channelsSaveFailed));
    } finally {
      setPending((before) => withoutChoice(before, kind, choice));
    }
  };

  const remove = async (deviceId: string) => {
    setFailure(null);
    try {
      await removePushDevice(deviceId);
      setThisDevice(thisDeviceId());
      setSaved(PUSH_MESSAGES.removed);
    } catch (error) {
      setFailure(toUserMessage(error, PUSH_MESSAGES.removeFailed));
    }
  };

  return (
    <AccountCard
      title="Notifications"
      description="How we tell you about each kind of notification. Every notification is kept in your account's notifications; e-mails about orders, wins, refunds and security are always sent."
    >
      {failure && <Alert severity="error">{failure}</Alert>}
      <ThisDevice registered={registered} onEnabled={() => setThisDevice(thisDeviceId())} />
      {!settings.emailNotifications && (
        <Typography variant="body2" color="text.secondary">
          E-mail notifications are off in Preferences: only the e-mails always sent still come.
        </Typography>
      )}
      <Table size="small" aria-label="Notification channels">
        <TableHead>
          <TableRow>
            <TableCell>Notification</TableCell>
            <TableCell>In the app</TableCell>
            <TableCell>E-mail</TableCell>
            <TableCell>Push</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {NOTIFICATION_KINDS.map((kind) => {
            const { label } = NOTIFICATION_KIND_INFO[kind];
            return (
              <TableRow key={kind}>
                <TableCell component="th" scope="row">
                  {label}
                </TableCell>
                <TableCell>Always</TableCell>
                <TableCell>
                  <EmailCell
                    kind={kind}
                    settings={current}
                    onChange={(email) => void choose(kind, { email })}
                  />
                </TableCell>
                <TableCell>
                  <Checkbox
                    checked={wantsPushFor(current, kind)}
                    onChange={(event) => void choose(kind, { push: event.target.checked })}
                    slotProps={{ input: { 'aria-label': `${label}: push` } }}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <Typography variant="subtitle2" component="h3">
        Devices that get push notifications
      </Typography>
      {devices.status === 'error' && (
        <Alert severity="error">{PUSH_MESSAGES.devicesLoadFailed}</Alert>
      )}
      {devices.status === 'success' && devices.data.length === 0 && (
        <Typography variant="body2" color="text.secondary">
          {PUSH_MESSAGES.noDevices}
        </Typography>
      )}
      {devices.data.length > 0 && (
        <List dense aria-label="Push devices">
          {devices.data.map((device) => (
            <ListItem
              key={device.id}
              disableGutters
              secondaryAction={
                <Button
                  size="small"
                  color="error"
                  onClick={() => void remove(device.id)}
                  aria-label={`Remove ${device.label}`}
                >
                  Remove
                </Button>
              }
            >
              <ListItemText
                primary={
                  <>
                    {device.label}{' '}
                    {device.id === thisDevice && <Chip size="small" label="This device" />}
                  </>
                }
                secondary={`Added ${formatShortDate(device.createdAt)}`}
              />
            </ListItem>
          ))}
        </List>
      )}
      <FlashMessage message={saved} onClose={() => setSaved(null)} />
    </AccountCard>
  );
}
