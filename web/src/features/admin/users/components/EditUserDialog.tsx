import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  TWO_FACTOR_MESSAGES,
  USER_ADMIN_MESSAGES,
  USER_PROFILE_MESSAGES,
  USER_STAFF_MESSAGES,
  editableProfileOf,
  updateUserProfileInput,
  type AdminUserRow,
  type UserProfileFormValues,
} from '@rafflewin/domain';
import { useState, type ReactNode } from 'react';
import { FormDialog } from '@/components/FormDialog';
import { PersonFields } from '@/components/PersonFields';
import { call } from '@/lib/callables';
import { useAction } from '@/hooks/useAction';
import { useSession } from '@/hooks/useSession';
import { useZodForm } from '@/hooks/useZodForm';
import { useAdminAccess } from '../../access/components/AdminAccess';

function initialValues(user: AdminUserRow): UserProfileFormValues {
  return {
    uid: user.uid,
    username: user.username ?? '',
    firstName: user.firstName ?? '',
    lastName: user.lastName ?? '',
    phoneNumber: user.phoneNumber ?? '',
    dateOfBirth: user.dateOfBirth ?? '',
    // What the form shows: a field left as it was keeps a change made meanwhile, and one
    // changed here that was also changed meanwhile is refused rather than undoing it.
    seen: editableProfileOf(user),
  };
}

/**
 * The Edit User Profile panel: the profile form (validated with the callable's schema) and,
 * for users who are not administrators yet, the "Set User as Admin" button; then the staff mark
 * and the two-factor reset.
 */
export function EditUserDialog({
  user,
  onClose,
  onSaved,
  onSetAdmin,
}: {
  user: AdminUserRow;
  onClose: () => void;
  onSaved: (message: string) => void;
  /** Asks to grant administrator rights (the page confirms first). */
  onSetAdmin: (user: AdminUserRow) => void;
}) {
  const { field, busy, failure, submitWith } = useZodForm(
    updateUserProfileInput,
    initialValues(user),
  );

  const submit = submitWith(async (values) => {
    await call('updateUserProfile', values);
    onSaved(USER_PROFILE_MESSAGES.updated);
  }, USER_PROFILE_MESSAGES.updateFailed);

  return (
    <FormDialog
      title="Edit User Profile"
      submitLabel="Save Profile"
      busy={busy}
      error={failure}
      onSubmit={submit}
      onClose={onClose}
    >
      <Typography color="text.secondary" sx={{ wordBreak: 'break-all' }}>
        {user.email}
      </Typography>
      <TextField label="Username" autoComplete="off" {...field('username')} />
      <PersonFields field={field} own={false} />
      {!user.isAdmin && !user.noAccount && (
        <PanelSection
          title="Administrator rights"
          explained={
            !user.banned && user.emailVerified ? USER_ADMIN_MESSAGES.appliesOnRefresh : null
          }
        >
          {user.banned ? (
            <Alert severity="info">{USER_ADMIN_MESSAGES.notBanned}</Alert>
          ) : !user.emailVerified ? (
            <Alert severity="info">{USER_ADMIN_MESSAGES.notConfirmed}</Alert>
          ) : (
            <Button variant="outlined" onClick={() => onSetAdmin(user)}>
              Set User as Admin
            </Button>
          )}
        </PanelSection>
      )}
      {!user.noAccount && <StaffMark user={user} onDone={onSaved} />}
      {!user.noAccount && <ResetTwoFactor user={user} onDone={onSaved} />}
    </FormDialog>
  );
}

/**
 * Staff may hold tickets, but tickets issued to them are never drawn (the prize-draw codes keep
 * the operator's people out of the winnings): marking an account so, or taking the mark away.
 */
function StaffMark({ user, onDone }: { user: AdminUserRow; onDone: (message: string) => void }) {
  const { describeFailure } = useAdminAccess();
  const { busy, error, run } = useAction(describeFailure(USER_STAFF_MESSAGES.updateFailed));
  const change = async () => {
    const staff = !user.isStaff;
    const done = await run(() => call('setUserStaff', { uid: user.uid, staff }));
    if (done) onDone(staff ? USER_STAFF_MESSAGES.granted : USER_STAFF_MESSAGES.removed);
  };
  return (
    <PanelSection title="Staff" explained={USER_STAFF_MESSAGES.explained}>
      {error && <Alert severity="error">{error}</Alert>}
      {user.isAdmin ? (
        <Alert severity="info">{USER_STAFF_MESSAGES.adminAlready}</Alert>
      ) : (
        <Button variant="outlined" disabled={busy} onClick={() => void change()}>
          {user.isStaff ? 'Remove Staff Mark' : 'Mark as Staff'}
        </Button>
      )}
    </PanelSection>
  );
}

/**
 * Support's last resort for a customer who lost their authenticator and recovery codes (after
 * checking who they are): two-factor off, audited, the customer told, their sessions ended.
 */
function ResetTwoFactor({
  user,
  onDone,
}: {
  user: AdminUserRow;
  onDone: (message: string) => void;
}) {
  const ownUid = useSession().user?.uid ?? null;
  const [confirming, setConfirming] = useState(false);
  const { describeFailure } = useAdminAccess();
  const { busy, error, run } = useAction(describeFailure(TWO_FACTOR_MESSAGES.updateFailed));
  const reset = async () => {
    const done = await run(() => call('resetUserTwoFactor', { uid: user.uid }));
    setConfirming(false);
    if (done) onDone(TWO_FACTOR_MESSAGES.resetDone);
  };
  return (
    <PanelSection
      title="Two-factor authentication"
      explained="Only when the customer has lost their authenticator and recovery codes and you have checked who they are. They are told, and signed out everywhere."
    >
      {error && <Alert severity="error">{error}</Alert>}
      {user.isAdmin ? (
        // The server refuses these too: one's own needs a code (Security), and a colleague's
        // right is removed first, as for a ban.
        <Alert severity="info">
          {user.uid === ownUid
            ? TWO_FACTOR_MESSAGES.resetNotSelf
            : TWO_FACTOR_MESSAGES.resetNotAdmin}
        </Alert>
      ) : confirming ? (
        <Stack direction="row" spacing={1}>
          <Button variant="contained" color="warning" disabled={busy} onClick={() => void reset()}>
            {busy ? 'Resetting…' : 'Yes, turn two-factor off'}
          </Button>
          <Button onClick={() => setConfirming(false)}>Keep it</Button>
        </Stack>
      ) : (
        <Button variant="outlined" color="warning" onClick={() => setConfirming(true)}>
          Reset Two-Factor
        </Button>
      )}
    </PanelSection>
  );
}

/**
 * One part of the panel below the profile form: a rule above it, its heading, what it does
 * (when there is something to say) and its controls.
 */
function PanelSection({
  title,
  explained,
  children,
}: {
  title: string;
  explained: string | null;
  children: ReactNode;
}) {
  return (
    <>
      <Divider />
      <Stack spacing={1} alignItems="flex-start">
        <Typography variant="subtitle2" component="h3">
          {title}
        </Typography>
        {explained && (
          <Typography variant="body2" color="text.secondary">
            {explained}
          </Typography>
        )}
        {children}
      </Stack>
    </>
  );
}
