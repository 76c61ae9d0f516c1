import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { ANSWER_MODAL_CLOSE_MS, QUESTION_OPTIONS, type QuestionOption } from '@rafflewin/domain';
import { useEffect, useRef, useState } from 'react';
import { saveAnswer } from '@/lib/answers';
import { useActiveQuestion } from '../api/useActiveQuestion';

/**
 * Answer to Enter: the raffle's three-option question. No right/wrong feedback is shown (the
 * server checks the answer at checkout); with no question, Continue Anyway. Closes 500 ms
 * after submitting; Cancel (or Escape) in those 500 ms still cancels: nothing is added.
 */
export function AnswerDialog({
  raffleId,
  raffleName,
  onAnswered,
  onClose,
  notice = null,
}: {
  raffleId: string;
  raffleName: string;
  onAnswered: () => void;
  onClose: () => void;
  /** Why the question is asked again (the checkout refused the answer this browser held). */
  notice?: string | null;
}) {
  const { status, question } = useActiveQuestion(raffleId);
  const [choice, setChoice] = useState<QuestionOption | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const closing = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(closing.current), []);

  const finish = () => {
    setSubmitted(true);
    closing.current = setTimeout(onAnswered, ANSWER_MODAL_CLOSE_MS);
  };
  const cancel = () => {
    clearTimeout(closing.current);
    onClose();
  };

  const submit = () => {
    if (!question || !choice) return;
    saveAnswer(raffleId, { questionId: question.id, option: choice });
    finish();
  };

  const options: Record<QuestionOption, string> = question
    ? { A: question.optionA, B: question.optionB, C: question.optionC }
    : { A: '', B: '', C: '' };

  return (
    <Dialog open onClose={cancel} aria-labelledby="answer-title" fullWidth maxWidth="xs">
      <DialogTitle id="answer-title">Answer to Enter</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {raffleName}
        </Typography>
        {notice && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            {notice}
          </Alert>
        )}
        {status === 'loading' && <CircularProgress size={24} aria-label="Loading the question" />}
        {status === 'error' && <Alert severity="error">Failed to load verification question</Alert>}
        {status === 'success' && !question && (
          <Typography>No question available for this raffle.</Typography>
        )}
        {question && (
          <>
            <Typography fontWeight={600} id="question-text" sx={{ mt: 1 }}>
              {question.text}
            </Typography>
            <RadioGroup
              aria-labelledby="question-text"
              value={choice ?? ''}
              onChange={(event) => setChoice(event.target.value as QuestionOption)}
            >
              {QUESTION_OPTIONS.map((option) => (
                <FormControlLabel
                  key={option}
                  value={option}
                  control={<Radio />}
                  label={options[option]}
                />
              ))}
            </RadioGroup>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={cancel}>Cancel</Button>
        {status === 'success' && !question ? (
          <Button variant="contained" onClick={finish} disabled={submitted}>
            Continue Anyway
          </Button>
        ) : (
          <Button variant="contained" onClick={submit} disabled={!choice || submitted}>
            Submit
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
