import { z } from 'zod';
import { idSchema } from '../fields';
import { answer, defineCallable } from './contract';

/** `setQuestionActive` (administrators): the question's status toggle. */
export const setQuestionActiveInput = z
  .object({ raffleId: idSchema, questionId: idSchema, isActive: z.boolean() })
  .strict();
export type SetQuestionActiveInput = z.infer<typeof setQuestionActiveInput>;

export const setQuestionActiveContract = defineCallable({
  name: 'setQuestionActive',
  access: 'admin',
  input: setQuestionActiveInput,
  output: answer<{ id: string }>(),
});
