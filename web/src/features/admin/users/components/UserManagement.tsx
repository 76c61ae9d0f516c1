import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ADMIN_SET_RETRY,
  USER_ADMIN_MESSAGES,
  USER_BAN_MESSAGES,
  USER_LIST_MESSAGES,
  type AdminUserRow,
} from '@rafflewin/domain';
import { useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FlashMessage } from '@/components/FlashMessage';
import { PagerButtons } from '@/components/PagerButtons';
import { useFlashOrFailure } from '@/hooks/useFlashOrFailure';
import { call } from '@/lib/callables';
import { retryingNetworkFailures, toUserMessage } from '@/lib/errors';
import { useUserPage, type UserQuery } from '../api/useUserPage';
import { BanUserDialog } from './BanUserDialog';
import { EditUserDialog } from './EditUserDialog';
import { UserSearch } from './UserSearch';
import { UsersTable, type UserActions } from './UsersTable';

/** What is being asked or edited: one dialog at a time. */
type Dialog =
  | { kind: 'edit'; user: AdminUserRow }
  | { kind: 'ban'; user: AdminUserRow }
  | { kind: 'unban'; user: AdminUserRow }
  /** `fromPanel`: the Edit panel's "Set User as Admin" button rather than the toggle. */
  | { kind: 'admin'; user: AdminUserRow; admin: boolean; fromPanel: boolean };

/**
 * User Management: search, a page of users at a time, and per user: edit
 * the profile, grant or remove administrator rights, ban with a reason or unban. Every
 * change goes through an audited admin callable; the page then reads its rows again.
 */
export function UserManagement({ selfUid }: { selfUid: string | null }) {
  const [query, setQuery] = useState<UserQuery>({ search: '', searchBy: 'email' });
  const users = useUserPage(query);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const { flash, failure, busy, attempt, succeed, dismissFlash, dismissFailure } =
    useFlashOrFailure();

  const done = (message: string) => {
    setDialog(null);
    succeed(message);
    users.reload();
  };

  const actions: UserActions = {
    edit: (user) => setDialog({ kind: 'edit', user }),
    setAdmin: (user, admin) => setDialog({ kind: 'admin', user, admin, fromPanel: false }),
    ban: (user) => setDialog({ kind: 'ban', user }),
    unban: (user) => setDialog({ kind: 'unban', user }),
  };

  const run = async (
    user: AdminUserRow,
    action: () => Promise<unknown>,
    success: string,
    fallback: string,
  ) => {
    const finished = await attempt(action, {
      busy: user.uid,
      success,
      failure: (caught) => toUserMessage(caught, fallback),
    });
    setDialog(null);
    if (finished) users.reload();
  };

  return (
    <Stack spacing={3}>
      <Paper sx={{ p: 2 }}>
        <UserSearch onSearch={setQuery} />
      </Paper>
      {failure && (
        <Alert severity="error" onClose={dismissFailure}>
          {failure}
        </Alert>
      )}
      <Paper sx={{ overflow: 'hidden' }}>
        {users.status === 'loading' && <LinearProgress aria-label="Loading users" />}
        {users.status === 'error' ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={users.reload}>
                Retry
              </Button>
            }
          >
            {users.error ?? USER_LIST_MESSAGES.loadFailed}
          </Alert>
        ) : users.status === 'success' && users.users.length === 0 ? (
          <Typography sx={{ p: 3 }} color="text.secondary">
            {USER_LIST_MESSAGES.noUsers}
          </Typography>
        ) : (
          <UsersTable
            users={users.users}
            selfUid={selfUid}
            actions={actions}
            busy={users.status === 'loading'}
          />
        )}
        <PagerButtons label="Users" pager={users} />
      </Paper>

      {dialog?.kind === 'edit' && (
        <EditUserDialog
          user={dialog.user}
          onClose={() => {
            setDialog(null);
            // Read the rows again: a save refused as made on an older version reopens on the latest.
            users.reload();
          }}
          onSaved={done}
          onSetAdmin={(user) => setDialog({ kind: 'admin', user, admin: true, fromPanel: true })}
        />
      )}
      {dialog?.kind === 'ban' && (
        <BanUserDialog user={dialog.user} onClose={() => setDialog(null)} onBanned={done} />
      )}
      {dialog?.kind === 'unban' && (
        <ConfirmDialog
          title="Unban User"
          message={`Unban ${dialog.user.email}? They can sign in again at once.`}
          confirmLabel="Unban"
          busy={busy === dialog.user.uid}
          onCancel={() => setDialog(null)}
          onConfirm={() =>
            void run(
              dialog.user,
              () =>
                call('setUserBanned', {
                  uid: dialog.user.uid,
                  banned: false,
                  reason: null,
                }),
              USER_BAN_MESSAGES.unbanned,
              USER_BAN_MESSAGES.updateFailed,
            )
          }
        />
      )}
      {dialog?.kind === 'admin' && (
        <ConfirmDialog
          title={dialog.admin ? 'Set User as Admin' : 'Remove Admin Rights'}
          message={`${
            dialog.admin
              ? `Make ${dialog.user.email} an administrator? They will be able to change everything in this console.`
              : `Remove administrator rights from ${dialog.user.email}?`
          } ${USER_ADMIN_MESSAGES.appliesOnRefresh}`}
          confirmLabel={dialog.admin ? 'Set as Admin' : 'Remove Admin'}
          busy={busy === dialog.user.uid}
          onCancel={() => setDialog(null)}
          onConfirm={() =>
            void run(
              dialog.user,
              // Sent again only when it never reached the server (ADMIN_SET_RETRY).
              () =>
                retryingNetworkFailures(
                  () => call('setUserAdmin', { uid: dialog.user.uid, admin: dialog.admin }),
                  ADMIN_SET_RETRY,
                ),
              dialog.admin ? USER_ADMIN_MESSAGES.granted : USER_ADMIN_MESSAGES.removed,
              dialog.fromPanel ? USER_ADMIN_MESSAGES.setFailed : USER_ADMIN_MESSAGES.updateFailed,
            )
          }
        />
      )}
      <FlashMessage message={flash} onClose={dismissFlash} />
    </Stack>
  );
}
