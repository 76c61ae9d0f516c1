import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Delete from '@mui/icons-material/Delete';
import Edit from '@mui/icons-material/Edit';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { QUESTION_MESSAGES, type Question } from '@rafflewin/domain';
import { useEffect, useState } from 'react';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FlashMessage } from '@/components/FlashMessage';
import { useFlashOrFailure } from '@/hooks/useFlashOrFailure';
import { call } from '@/lib/callables';
import { DataTable } from '@/components/DataTable';
import { useAdminAccess } from '../../access/components/AdminAccess';
import { useRaffleQuestions } from '../api/useRaffleQuestions';
import { QuestionFormDialog } from './QuestionFormDialog';

/**
 * A raffle's Questions view: its skill questions with the correct answers
 * (read from raffleSecrets, which only administrators can), create, edit, toggle and delete.
 */
export function QuestionsView({ raffleId, onBack }: { raffleId: string; onBack: () => void }) {
  const { reportError, describeFailure } = useAdminAccess();
  const { raffle, questions, correctAnswers, status, error } = useRaffleQuestions(raffleId);
  const [editing, setEditing] = useState<Question | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Question | null>(null);
  const { flash, failure, busy, attempt, succeed, dismissFlash } = useFlashOrFailure();

  useEffect(() => {
    if (error) reportError(error);
  }, [error, reportError]);

  const toggle = (question: Question) =>
    attempt(
      () =>
        call('setQuestionActive', {
          raffleId,
          questionId: question.id,
          isActive: !question.isActive,
        }),
      {
        success: question.isActive ? QUESTION_MESSAGES.deactivated : QUESTION_MESSAGES.activated,
        failure: describeFailure(QUESTION_MESSAGES.statusFailed),
      },
    );

  const remove = async (question: Question) => {
    await attempt(() => call('deleteQuestion', { raffleId, questionId: question.id }), {
      busy: question.id,
      success: QUESTION_MESSAGES.deleted,
      failure: describeFailure(QUESTION_MESSAGES.deleteFailed),
    });
    setDeleting(null);
  };

  const isFree = raffle?.category === 'free';
  const hasActive = questions.some((q) => q.isActive);

  return (
    <Stack spacing={3}>
      <Stack direction="row" spacing={2} alignItems="center" flexWrap="wrap" useFlexGap>
        <Button startIcon={<ArrowBack />} onClick={onBack}>
          Back to Raffles
        </Button>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          Questions{raffle ? `: ${raffle.name}` : ''}
        </Typography>
        <Button
          variant="contained"
          startIcon={<Add />}
          onClick={() => setEditing('new')}
          disabled={!raffle}
        >
          New Question
        </Button>
      </Stack>
      {status === 'error' && <Alert severity="error">{QUESTION_MESSAGES.loadFailed}</Alert>}
      {status === 'loading' && <CircularProgress aria-label="Loading questions" />}
      {status === 'success' && !raffle && (
        <Alert severity="error">This raffle no longer exists</Alert>
      )}
      {raffle && isFree && <Alert severity="info">{QUESTION_MESSAGES.freeNeedsNone}</Alert>}
      {raffle && !isFree && !hasActive && (
        <Alert severity="warning">
          {QUESTION_MESSAGES.paidNeedsQuestion}: customers are asked it before they buy.
        </Alert>
      )}
      {failure && <Alert severity="error">{failure}</Alert>}
      {status === 'success' && raffle && (
        <DataTable
          label="Questions"
          columns={[
            'Question',
            'Options',
            'Correct',
            'Status',
            { label: 'Actions', align: 'right' },
          ]}
        >
          {questions.length === 0 && (
            <TableRow>
              <TableCell colSpan={5}>No questions yet.</TableCell>
            </TableRow>
          )}
          {questions.map((question) => (
            <TableRow key={question.id} data-testid="question-row">
              <TableCell>{question.text}</TableCell>
              <TableCell>
                A: {question.optionA}
                <br />
                B: {question.optionB}
                <br />
                C: {question.optionC}
              </TableCell>
              <TableCell>{correctAnswers[question.id] ?? '–'}</TableCell>
              <TableCell>
                <FormControlLabel
                  control={
                    <Switch
                      checked={question.isActive}
                      onChange={() => void toggle(question)}
                      slotProps={{ input: { 'aria-label': `Active: ${question.text}` } }}
                    />
                  }
                  label={question.isActive ? 'Active' : 'Inactive'}
                />
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <IconButton
                  aria-label={`Edit question ${question.text}`}
                  onClick={() => setEditing(question)}
                >
                  <Edit />
                </IconButton>
                <IconButton
                  color="error"
                  aria-label={`Delete question ${question.text}`}
                  onClick={() => setDeleting(question)}
                >
                  <Delete />
                </IconButton>
              </TableCell>
            </TableRow>
          ))}
        </DataTable>
      )}
      {editing && (
        <QuestionFormDialog
          raffleId={raffleId}
          question={editing === 'new' ? null : editing}
          correctAnswer={editing === 'new' ? null : (correctAnswers[editing.id] ?? null)}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            succeed(message);
          }}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete question"
          message={`Delete "${deleting.text}"? This action cannot be undone.`}
          busy={busy === deleting.id}
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
      <FlashMessage message={flash} onClose={dismissFlash} />
    </Stack>
  );
}
