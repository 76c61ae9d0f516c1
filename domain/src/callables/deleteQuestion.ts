import { z } from 'zod';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';

/** `deleteQuestion` (administrators): removes the question and its answer. */
export const deleteQuestionInput = z.object({ raffleId: idSchema, questionId: idSchema }).strict();
export type DeleteQuestionInput = z.infer<typeof deleteQuestionInput>;

export const deleteQuestionContract = defineCallable({
  name: 'deleteQuestion',
  access: 'admin',
  input: deleteQuestionInput,
  output: answer<{ id: string }>(),
});
