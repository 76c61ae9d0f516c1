import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import {
  QUESTION_MESSAGES,
  QUESTION_OPTIONS,
  saveQuestionInput,
  type Question,
  type QuestionOption,
} from '@rafflewin/domain';
import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { FormDialog } from '@/components/FormDialog';
import { call } from '@/lib/callables';
import { useZodForm } from '@/hooks/useZodForm';
import { useAdminAccess } from '../../access/components/AdminAccess';
import { ActiveSwitchControl } from '../../forms/raffleFields';

/** New Question / Edit Question: text, three options and the correct one (A, B or C). */
export function QuestionFormDialog({
  raffleId,
  question,
  correctAnswer,
  onClose,
  onSaved,
}: {
  raffleId: string;
  question: Question | null;
  correctAnswer: QuestionOption | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const correctLabelId = useId();
  const { describeFailure } = useAdminAccess();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    control,
    handleSubmit,
    field,
    formState: { errors, isSubmitting },
  } = useZodForm(saveQuestionInput, {
    raffleId,
    questionId: question?.id ?? null,
    text: question?.text ?? '',
    optionA: question?.optionA ?? '',
    optionB: question?.optionB ?? '',
    optionC: question?.optionC ?? '',
    // Unset until chosen: the schema then asks for it.
    correctAnswer: correctAnswer ?? ('' as QuestionOption),
    isActive: question?.isActive ?? true,
    // The version the form shows: a save over a later change is refused, not applied.
    ...(question ? { seenUpdatedAt: question.updatedAt?.getTime() ?? null } : {}),
  });

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await call('saveQuestion', values);
      onSaved(question ? QUESTION_MESSAGES.updated : QUESTION_MESSAGES.created);
    } catch (error) {
      setFailure(describeFailure(QUESTION_MESSAGES.saveFailed)(error));
    }
  });

  return (
    <FormDialog
      title={question ? 'Edit Question' : 'New Question'}
      submitLabel={question ? 'Save Changes' : 'Create Question'}
      busy={isSubmitting}
      error={failure}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <TextField label="Question text" required multiline {...field('text')} />
      <TextField label="Option A" required {...field('optionA')} />
      <TextField label="Option B" required {...field('optionB')} />
      <TextField label="Option C" required {...field('optionC')} />
      <Controller
        name="correctAnswer"
        control={control}
        render={({ field: { value, onChange } }) => (
          <FormControl error={Boolean(errors.correctAnswer)}>
            <FormLabel id={correctLabelId}>Correct answer</FormLabel>
            <RadioGroup
              row
              aria-labelledby={correctLabelId}
              value={value}
              onChange={(event) => onChange(event.target.value)}
            >
              {QUESTION_OPTIONS.map((option) => (
                <FormControlLabel key={option} value={option} control={<Radio />} label={option} />
              ))}
            </RadioGroup>
            {errors.correctAnswer && (
              <FormHelperText>{errors.correctAnswer.message}</FormHelperText>
            )}
          </FormControl>
        )}
      />
      <ActiveSwitchControl control={control} />
    </FormDialog>
  );
}
