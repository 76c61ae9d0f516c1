import Block from '@mui/icons-material/Block';
import Edit from '@mui/icons-material/Edit';
import LockOpen from '@mui/icons-material/LockOpen';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import {
  USER_ADMIN_MESSAGES,
  USER_BAN_MESSAGES,
  formatDateTime,
  formatPence,
  formatShortDate,
  type AdminUserRow,
} from '@rafflewin/domain';
import type { ReactNode } from 'react';

export interface UserActions {
  edit: (user: AdminUserRow) => void;
  setAdmin: (user: AdminUserRow, admin: boolean) => void;
  ban: (user: AdminUserRow) => void;
  unban: (user: AdminUserRow) => void;
}

interface RowProps {
  user: AdminUserRow;
  selfUid: string | null;
  actions: UserActions;
  /** While the page reloads after a change, its rows may be out of date: no actions. */
  busy: boolean;
}

const fullName = (user: AdminUserRow) =>
  [user.firstName, user.lastName].filter(Boolean).join(' ') || '—';
const joined = (user: AdminUserRow) =>
  user.joinedAt ? formatShortDate(new Date(user.joinedAt)) : '—';
const lastLogin = (user: AdminUserRow) =>
  user.lastSignInAt ? formatDateTime(new Date(user.lastSignInAt)) : 'Never';

/** Why the admin switch or the ban button cannot be used for this row, if so. */
function blocked(user: AdminUserRow, selfUid: string | null) {
  const self = user.uid === selfUid;
  const admin = user.noAccount
    ? USER_ADMIN_MESSAGES.noAccount
    : self && user.isAdmin
      ? USER_ADMIN_MESSAGES.notSelf
      : !user.isAdmin && user.banned
        ? USER_ADMIN_MESSAGES.notBanned
        : !user.isAdmin && !user.emailVerified
          ? USER_ADMIN_MESSAGES.notConfirmed
          : null;
  const ban = user.banned
    ? null
    : user.noAccount
      ? USER_ADMIN_MESSAGES.noAccount
      : self
        ? USER_BAN_MESSAGES.notSelf
        : user.isAdmin
          ? USER_BAN_MESSAGES.notAdmin
          : null;
  return { admin, ban };
}

/** A control with a tooltip; a disabled one says why. */
function Hint({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Tooltip title={title} describeChild>
      <span>{children}</span>
    </Tooltip>
  );
}

function AdminSwitch({ user, selfUid, actions, busy, label }: RowProps & { label: boolean }) {
  const reason = blocked(user, selfUid).admin;
  const control = (
    <Switch
      size={label ? 'medium' : 'small'}
      checked={user.isAdmin}
      disabled={busy || Boolean(reason)}
      onChange={(event) => actions.setAdmin(user, event.target.checked)}
      slotProps={{ input: { 'aria-label': `Administrator: ${user.email}` } }}
    />
  );
  return (
    <Hint title={reason ?? (user.isAdmin ? 'Remove administrator rights' : 'Make administrator')}>
      {label ? (
        <FormControlLabel label="Administrator" control={control} disabled={Boolean(reason)} />
      ) : (
        control
      )}
    </Hint>
  );
}

/** Edit, the admin switch and ban or unban: icons in the table, labelled buttons on cards. */
function Actions(props: RowProps & { compact: boolean }) {
  const { user, selfUid, actions, busy, compact } = props;
  const banReason = blocked(user, selfUid).ban;
  const edit = compact ? (
    <Hint title="Edit profile">
      <IconButton
        size="small"
        aria-label={`Edit ${user.email}`}
        onClick={() => actions.edit(user)}
        disabled={busy}
      >
        <Edit fontSize="small" />
      </IconButton>
    </Hint>
  ) : (
    <Button
      size="small"
      startIcon={<Edit />}
      aria-label={`Edit ${user.email}`}
      onClick={() => actions.edit(user)}
      disabled={busy}
    >
      Edit
    </Button>
  );
  const ban = user.banned ? (
    compact ? (
      <Hint title="Unban">
        <IconButton
          size="small"
          aria-label={`Unban ${user.email}`}
          onClick={() => actions.unban(user)}
          disabled={busy}
        >
          <LockOpen fontSize="small" />
        </IconButton>
      </Hint>
    ) : (
      <Button
        size="small"
        startIcon={<LockOpen />}
        aria-label={`Unban ${user.email}`}
        onClick={() => actions.unban(user)}
        disabled={busy}
      >
        Unban
      </Button>
    )
  ) : (
    <Hint title={banReason ?? 'Ban'}>
      {compact ? (
        <IconButton
          size="small"
          color="error"
          aria-label={`Ban ${user.email}`}
          onClick={() => actions.ban(user)}
          disabled={busy || Boolean(banReason)}
        >
          <Block fontSize="small" />
        </IconButton>
      ) : (
        <Button
          size="small"
          color="error"
          startIcon={<Block />}
          aria-label={`Ban ${user.email}`}
          onClick={() => actions.ban(user)}
          disabled={busy || Boolean(banReason)}
        >
          Ban
        </Button>
      )}
    </Hint>
  );
  return (
    <Stack
      direction="row"
      spacing={compact ? 0.5 : 1}
      alignItems="center"
      useFlexGap
      flexWrap="wrap"
    >
      {edit}
      <AdminSwitch {...props} label={!compact} />
      {ban}
    </Stack>
  );
}

function Badges({ user }: { user: AdminUserRow }) {
  return (
    <>
      <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
        {user.isAdmin && <Chip size="small" color="primary" label="Admin" />}
        {user.isStaff && <Chip size="small" color="secondary" label="Staff" />}
        {user.banned && <Chip size="small" color="error" label="Banned" />}
        {user.noAccount && <Chip size="small" variant="outlined" label="No sign-in" />}
      </Stack>
      {user.banned && user.banReason && (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
          Reason: {user.banReason}
        </Typography>
      )}
    </>
  );
}

const wrap = { overflowWrap: 'anywhere' } as const;

function UserTable({ users, ...props }: Omit<RowProps, 'user'> & { users: AdminUserRow[] }) {
  return (
    <TableContainer>
      <Table size="small" aria-label="Users" sx={{ '& th, & td': { px: 1, verticalAlign: 'top' } }}>
        <TableHead>
          <TableRow>
            <TableCell>Email</TableCell>
            <TableCell>Username</TableCell>
            <TableCell>Name</TableCell>
            <TableCell>Joined</TableCell>
            <TableCell>Last Login</TableCell>
            <TableCell>Stats</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Actions</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => (
            <TableRow key={user.uid} data-testid="user-row" hover>
              <TableCell sx={{ ...wrap, minWidth: 150, maxWidth: 210 }}>
                {user.email || '—'}
              </TableCell>
              <TableCell sx={{ ...wrap, maxWidth: 120 }}>{user.username ?? '—'}</TableCell>
              <TableCell sx={{ ...wrap, maxWidth: 110 }}>{fullName(user)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{joined(user)}</TableCell>
              <TableCell sx={{ maxWidth: 100 }}>{lastLogin(user)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Typography variant="body2">Tickets: {user.totalTickets}</Typography>
                <Typography variant="body2">Spent: {formatPence(user.totalSpent)}</Typography>
              </TableCell>
              <TableCell sx={{ maxWidth: 120 }}>
                <Badges user={user} />
              </TableCell>
              <TableCell>
                <Actions user={user} {...props} compact />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function UserCards({ users, ...props }: Omit<RowProps, 'user'> & { users: AdminUserRow[] }) {
  return (
    <Stack spacing={1.5} component="ul" aria-label="Users" sx={{ p: 1.5, m: 0, listStyle: 'none' }}>
      {users.map((user) => (
        <Card key={user.uid} component="li" variant="outlined" data-testid="user-row">
          <CardContent sx={{ '&:last-child': { pb: 2 } }}>
            <Typography fontWeight={700} sx={wrap}>
              {user.email || '—'}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ ...wrap, mb: 1 }}>
              {fullName(user)} · Username: {user.username ?? '—'}
            </Typography>
            <Badges user={user} />
            <Typography variant="body2" sx={{ mt: 1 }}>
              Joined {joined(user)} · Last Login: {lastLogin(user)}
            </Typography>
            <Typography variant="body2">
              Tickets: {user.totalTickets} · Spent: {formatPence(user.totalSpent)}
            </Typography>
            <Actions user={user} {...props} compact={false} />
          </CardContent>
        </Card>
      ))}
    </Stack>
  );
}

/**
 * The User Management rows: a table on wide screens, cards on narrow ones
 * (eight columns do not fit a phone).
 */
export function UsersTable(props: Omit<RowProps, 'user'> & { users: AdminUserRow[] }) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('lg'));
  return wide ? <UserTable {...props} /> : <UserCards {...props} />;
}
