import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { RAFFLE_MESSAGES, type Raffle } from '@rafflewin/domain';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { FlashMessage } from '@/components/FlashMessage';
import { useFlashOrFailure } from '@/hooks/useFlashOrFailure';
import { call } from '@/lib/callables';
import { useAdminAccess } from '../../access/components/AdminAccess';
import { RAFFLES_PAGE_SIZE, useRafflePage } from '../api/useRafflePage';
import { DeleteRaffleDialog } from './DeleteRaffleDialog';
import { InstantPrizesDialog } from './InstantPrizesDialog';
import { QuestionsView } from './QuestionsView';
import { RaffleFormDialog } from './RaffleFormDialog';
import { RaffleTable } from './RaffleTable';

function RaffleList({ onQuestions }: { onQuestions: (raffle: Raffle) => void }) {
  const { reportError, describeFailure } = useAdminAccess();
  const page = useRafflePage();
  const [editing, setEditing] = useState<Raffle | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Raffle | null>(null);
  const [prizesOf, setPrizesOf] = useState<Raffle | null>(null);
  const { flash, failure, busy: toggling, attempt, succeed, dismissFlash } = useFlashOrFailure();

  useEffect(() => {
    if (page.error) reportError(page.error);
  }, [page.error, reportError]);

  const toggle = (raffle: Raffle) =>
    attempt(() => call('setRaffleActive', { raffleId: raffle.id, active: !raffle.active }), {
      busy: raffle.id,
      success: raffle.active ? RAFFLE_MESSAGES.deactivated : RAFFLE_MESSAGES.activated,
      failure: describeFailure(RAFFLE_MESSAGES.statusFailed),
    });

  const from = page.pageIndex * RAFFLES_PAGE_SIZE + 1;
  const to = page.pageIndex * RAFFLES_PAGE_SIZE + page.data.length;

  return (
    <Stack spacing={3}>
      <Stack direction="row" justifyContent="space-between" alignItems="center" flexWrap="wrap">
        <Typography variant="h4" component="h1">
          Manage Raffles
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setEditing('new')}>
          New Raffle
        </Button>
      </Stack>
      {failure && <Alert severity="error">{failure}</Alert>}
      {page.status === 'error' && <Alert severity="error">{RAFFLE_MESSAGES.loadFailed}</Alert>}
      {page.status === 'loading' && page.data.length === 0 && (
        <CircularProgress aria-label="Loading raffles" sx={{ alignSelf: 'center' }} />
      )}
      {page.status === 'success' && page.data.length === 0 && (
        <Typography color="text.secondary">No raffles yet: create the first one.</Typography>
      )}
      {page.data.length > 0 && (
        <Paper>
          <RaffleTable
            raffles={page.data}
            actions={{
              onToggle: (raffle) => void toggle(raffle),
              onQuestions,
              onInstantPrizes: setPrizesOf,
              onEdit: setEditing,
              onDelete: setDeleting,
              toggling,
            }}
          />
          <Stack
            direction="row"
            spacing={2}
            alignItems="center"
            justifyContent="flex-end"
            sx={{ p: 2 }}
          >
            <Typography variant="body2" color="text.secondary" aria-live="polite">
              {page.data.length > 0 &&
                `${from}–${to}${page.total !== null ? ` of ${page.total}` : ''}`}
            </Typography>
            <Button onClick={page.previous} disabled={page.pageIndex === 0}>
              Previous
            </Button>
            <Button onClick={page.next} disabled={!page.hasNext}>
              Next
            </Button>
          </Stack>
        </Paper>
      )}
      {editing && (
        <RaffleFormDialog
          raffle={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            if (editing === 'new') {
              page.first();
              page.refresh();
            }
            setEditing(null);
            succeed(message);
          }}
        />
      )}
      {prizesOf && <InstantPrizesDialog raffle={prizesOf} onClose={() => setPrizesOf(null)} />}
      {deleting && (
        <DeleteRaffleDialog
          raffle={deleting}
          onClose={() => setDeleting(null)}
          onDone={(message) => {
            setDeleting(null);
            succeed(message);
            page.refresh();
          }}
        />
      )}
      <FlashMessage message={flash} onClose={dismissFlash} />
    </Stack>
  );
}

/** Manage Raffles, or one raffle's Questions view (`?questions={raffleId}`). */
export function RafflesAdmin() {
  const [params, setParams] = useSearchParams();
  const questionsFor = params.get('questions');
  if (questionsFor) {
    return <QuestionsView raffleId={questionsFor} onBack={() => setParams({})} />;
  }
  return <RaffleList onQuestions={(raffle) => setParams({ questions: raffle.id })} />;
}
