import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteForever from '@mui/icons-material/DeleteForever';
import PhoneIphone from '@mui/icons-material/PhoneIphone';
import Refresh from '@mui/icons-material/Refresh';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  SUPPORT_CONSTANTS,
  SUPPORT_MESSAGES,
  conversationStatusLabel,
  formatDateTime,
  supportMessageInput,
  type SupportTicket,
} from '@rafflewin/domain';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FlashMessage } from '@/components/FlashMessage';
import { call } from '@/lib/callables';
import { isFirebaseError, toUserMessage } from '@/lib/errors';
import { MESSAGES_PAGE, useMessages } from '../api/useMessages';
import { useTicket } from '../api/useTicket';
import { MessageBubble } from './MessageBubble';
import { ComplaintDeadlines } from './ComplaintDeadlines';
import { PhonePreview } from './PhonePreview';

export interface BackLink {
  to: string;
  label: string;
}

type Confirming = { kind: 'message'; messageId: string } | { kind: 'conversation' } | null;

function BackButton({ back }: { back: BackLink }) {
  return (
    <Button component={RouterLink} to={back.to} startIcon={<ArrowBack />}>
      {back.label}
    </Button>
  );
}

/**
 * Opening the conversation resets the reader's unread counter and marks the customer's
 * notifications about it read (a callable: browsers never write counters); so does a new
 * message from the other side arriving while it is open.
 */
function useMarkRead(
  ticketId: string,
  ticket: SupportTicket | undefined,
  uid: string,
  isAdmin: boolean,
) {
  const opened = useRef<string | null>(null);
  const ownerUnread = ticket && ticket.userId === uid ? ticket.unreadCount : 0;
  const supportUnread = ticket && isAdmin ? ticket.adminUnreadCount : 0;
  const loaded = ticket !== undefined;
  useEffect(() => {
    if (!loaded) return;
    const first = opened.current !== ticketId;
    if (!first && ownerUnread === 0 && supportUnread === 0) return;
    opened.current = ticketId;
    call('markSupportTicketRead', { ticketId }).catch((error: unknown) =>
      console.error('Could not mark the conversation read', error),
    );
  }, [ticketId, loaded, ownerUnread, supportUnread]);
}

/**
 * A support conversation for its customer and for administrators: the ticket's
 * details, the messages live on both sides (a listener, not polling),
 * a one-line composer, an optional phone preview, and for administrators deleting a message
 * or the whole conversation.
 */
export function SupportConversation({
  ticketId,
  uid,
  isAdmin,
  back,
}: {
  ticketId: string;
  uid: string;
  isAdmin: boolean;
  back: BackLink;
}) {
  const navigate = useNavigate();
  const ticket = useTicket(ticketId);
  const [generation, setGeneration] = useState(0);
  const [shown, setShown] = useState<number>(MESSAGES_PAGE);
  const messages = useMessages(ticketId, shown, generation);
  const [preview, setPreview] = useState(false);
  const [draft, setDraft] = useState('');
  const [sending, setSending] = useState(false);
  const [closing, setClosing] = useState(false);
  const [flash, setFlash] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [deleting, setDeleting] = useState<'message' | 'conversation' | null>(null);
  const [deleted, setDeleted] = useState(false);
  const messageBox = useRef<HTMLDivElement>(null);
  useMarkRead(ticketId, ticket.data, uid, isAdmin);

  const count = messages.data.length;
  useEffect(() => {
    const box = messageBox.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [count]);

  useEffect(() => {
    if (!deleted) return undefined;
    const timer = setTimeout(() => void navigate(back.to), SUPPORT_CONSTANTS.redirectAfterDeleteMs);
    return () => clearTimeout(timer);
  }, [deleted, navigate, back.to]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = supportMessageInput.safeParse({ message: draft });
    if (!parsed.success) {
      // A blank draft does nothing; only a too-long one says why.
      if (draft.trim()) setFailure(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setSending(true);
    setFailure(null);
    try {
      // Support replies through its audited callable, a customer through their own (a few
      // messages at a time).
      if (isAdmin) {
        await call('replyToSupportTicket', { ticketId, message: parsed.data.message });
      } else {
        await call('sendSupportMessage', { ticketId, message: parsed.data.message });
      }
      setDraft('');
      setFlash(SUPPORT_MESSAGES.sent);
    } catch (error) {
      setFailure(SUPPORT_MESSAGES.sendFailed(toUserMessage(error, 'please try again')));
    } finally {
      setSending(false);
    }
  };

  const setClosed = async (closed: boolean) => {
    setClosing(true);
    setFailure(null);
    try {
      await call('setSupportTicketClosed', { ticketId, closed });
      setFlash(closed ? SUPPORT_MESSAGES.closed : SUPPORT_MESSAGES.reopened);
    } catch (error) {
      setFailure(toUserMessage(error, SUPPORT_MESSAGES.closeFailed));
    } finally {
      setClosing(false);
    }
  };

  const deleteMessage = async (messageId: string) => {
    setDeleting('message');
    setFailure(null);
    try {
      await call('deleteSupportMessage', { ticketId, messageId });
      setFlash(SUPPORT_MESSAGES.messageDeleted);
    } catch (error) {
      if (isFirebaseError(error) && error.code === 'functions/not-found') {
        setFailure(SUPPORT_MESSAGES.messageNotFound);
        setGeneration((value) => value + 1);
      } else {
        setFailure(toUserMessage(error, SUPPORT_MESSAGES.deleteMessageFailed));
      }
    } finally {
      setDeleting(null);
      setConfirming(null);
    }
  };

  const deleteConversation = async () => {
    setDeleting('conversation');
    setConfirming(null);
    setFailure(null);
    try {
      await call('deleteSupportTicket', { ticketId });
      setDeleted(true);
    } catch (error) {
      setFailure(toUserMessage(error, SUPPORT_MESSAGES.deleteConversationFailed));
    } finally {
      setDeleting(null);
    }
  };

  if (deleted) {
    return (
      <Stack spacing={2} alignItems="flex-start">
        <Alert severity="success">{SUPPORT_MESSAGES.conversationDeleted}</Alert>
        <BackButton back={back} />
      </Stack>
    );
  }
  if (ticket.status === 'loading') {
    return <CircularProgress aria-label="Loading the conversation" />;
  }
  const missing =
    (ticket.status === 'success' && !ticket.data) || ticket.error?.code === 'permission-denied';
  if (missing || ticket.status === 'error' || !ticket.data) {
    return (
      <Stack spacing={2} alignItems="flex-start">
        <Typography variant="h4" component="h1">
          {missing ? SUPPORT_MESSAGES.notFoundScreen : SUPPORT_MESSAGES.loadTicketFailed}
        </Typography>
        <BackButton back={back} />
      </Stack>
    );
  }

  const current = ticket.data;
  const statusLabel = conversationStatusLabel(current.status);
  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <BackButton back={back} />
        <Box sx={{ flexGrow: 1 }} />
        <Tooltip title="Refresh messages">
          <IconButton aria-label="Refresh messages" onClick={() => setGeneration((v) => v + 1)}>
            <Refresh />
          </IconButton>
        </Tooltip>
        <Button
          variant="outlined"
          startIcon={<PhoneIphone />}
          aria-pressed={preview}
          onClick={() => setPreview((on) => !on)}
        >
          {preview ? 'Hide Preview' : 'Phone Preview'}
        </Button>
        {isAdmin && (
          <Button
            variant="outlined"
            disabled={closing}
            onClick={() => void setClosed(current.status !== 'closed')}
          >
            {current.status === 'closed' ? 'Reopen Conversation' : 'Close Conversation'}
          </Button>
        )}
        {isAdmin && (
          <Button
            color="error"
            variant="outlined"
            startIcon={<DeleteForever />}
            disabled={deleting !== null}
            onClick={() => setConfirming({ kind: 'conversation' })}
          >
            {deleting === 'conversation' ? 'Deleting...' : 'Delete Conversation'}
          </Button>
        )}
      </Stack>

      <Paper sx={{ p: { xs: 2, md: 3 } }}>
        <Stack direction="row" spacing={2} justifyContent="space-between" alignItems="flex-start">
          <div>
            <Typography variant="h5" component="h1" sx={{ overflowWrap: 'anywhere' }}>
              {current.subject}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Created {formatDateTime(current.createdAt)} · Reference {current.reference}
            </Typography>
            {isAdmin && (
              <Typography variant="body2" color="text.secondary">
                Requester: {current.name} &lt;{current.email}&gt;
              </Typography>
            )}
            <ComplaintDeadlines ticket={current} />
          </div>
          <Chip
            label={statusLabel}
            color={
              statusLabel === 'Open' ? 'warning' : statusLabel === 'Closed' ? 'default' : 'primary'
            }
            data-testid="ticket-status"
          />
        </Stack>
      </Paper>

      {failure && (
        <Alert severity="error" onClose={() => setFailure(null)}>
          {failure}
        </Alert>
      )}

      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={3} alignItems="flex-start">
        <Paper sx={{ flexGrow: 1, minWidth: 0, width: '100%' }}>
          <Box
            ref={messageBox}
            role="log"
            aria-label="Messages"
            aria-live="polite"
            tabIndex={0}
            sx={{
              maxHeight: SUPPORT_CONSTANTS.messageBoxMaxHeight,
              overflowY: 'auto',
              p: 2,
            }}
          >
            <Stack spacing={1.5}>
              {messages.hasEarlier && (
                <Button
                  size="small"
                  onClick={() => setShown((value) => value + MESSAGES_PAGE)}
                  sx={{ alignSelf: 'center' }}
                >
                  Show earlier messages
                </Button>
              )}
              {messages.status === 'loading' && (
                <CircularProgress aria-label="Loading messages" sx={{ alignSelf: 'center' }} />
              )}
              {messages.status === 'error' && (
                <Alert severity="error">{SUPPORT_MESSAGES.loadMessagesFailed}</Alert>
              )}
              {messages.status === 'success' && count === 0 && (
                <Typography color="text.secondary" textAlign="center" sx={{ py: 4 }}>
                  {SUPPORT_MESSAGES.noMessages}
                </Typography>
              )}
              {messages.data.map((message) => (
                <MessageBubble
                  key={message.id}
                  message={message}
                  ownerName={current.name}
                  onDelete={
                    isAdmin
                      ? () => setConfirming({ kind: 'message', messageId: message.id })
                      : undefined
                  }
                />
              ))}
            </Stack>
          </Box>
          <Stack
            component="form"
            direction="row"
            spacing={1}
            onSubmit={(event) => void submit(event)}
            sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}
          >
            <TextField
              fullWidth
              size="small"
              placeholder="Type your message..."
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              slotProps={{ htmlInput: { 'aria-label': 'Your message', autoComplete: 'off' } }}
            />
            <Button
              type="submit"
              variant="contained"
              endIcon={<Send />}
              disabled={sending || !draft.trim()}
              sx={{ flexShrink: 0 }}
            >
              {sending ? 'Processing...' : 'Send'}
            </Button>
          </Stack>
        </Paper>
        {preview && (
          <PhonePreview
            messages={messages.data}
            ownerName={current.name}
            draft={draft}
            draftFromSupport={isAdmin}
          />
        )}
      </Stack>

      {confirming && (
        <ConfirmDialog
          title={confirming.kind === 'message' ? 'Delete message' : 'Delete conversation'}
          message={
            confirming.kind === 'message'
              ? SUPPORT_MESSAGES.confirmDeleteMessage
              : SUPPORT_MESSAGES.confirmDeleteConversation
          }
          busy={deleting !== null}
          onConfirm={() =>
            void (confirming.kind === 'message'
              ? deleteMessage(confirming.messageId)
              : deleteConversation())
          }
          onCancel={() => setConfirming(null)}
        />
      )}
      <FlashMessage message={flash} onClose={() => setFlash(null)} />
    </Stack>
  );
}
