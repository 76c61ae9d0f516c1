import { zodResolver } from '@hookform/resolvers/zod';
import { FORM_PARSE_OPTIONS } from '@rafflewin/domain';
import { useState, type BaseSyntheticEvent } from 'react';
import {
  get,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Mode,
  type Path,
  type Resolver,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { useReportRefusal } from '@/lib/accessRefusal';
import { toUserMessage } from '@/lib/errors';

/** What `useZodForm` answers: react-hook-form's form and the shop's helpers around it. */
export type ZodForm<Input extends FieldValues, Output> = UseFormReturn<Input, unknown, Output> & {
  field: (
    name: Path<Input>,
    hint?: string,
  ) => UseFormRegisterReturn<Path<Input>> & { error: boolean; helperText: string | undefined };
  failure: string | null;
  setFailure: (failure: string | null) => void;
  busy: boolean;
  submitWith: (
    action: (values: Output) => Promise<void>,
    fallback: string,
    handle?: (error: unknown) => boolean,
  ) => (event?: BaseSyntheticEvent) => void;
};

/**
 * A form validated with the same zod schema as its callable (from domain/), with what every
 * form of the shop does around it: `field(name, hint)` registers a text field and shows its
 * error (or the hint), `submitWith(action, fallback)` is the form's onSubmit (validates, runs
 * the action, and shows a refusal as `failure` in words a person reads), and `busy` is true
 * while it runs. `mode` is when fields are first checked (on submit unless told).
 */
export function useZodForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  defaultValues: DefaultValues<Input>,
  mode: Mode = 'onSubmit',
): ZodForm<Input, Output> {
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema as never, FORM_PARSE_OPTIONS) as unknown as Resolver<
      Input,
      unknown,
      Output
    >,
    defaultValues,
    mode,
  });
  const [failure, setFailure] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  const report = useReportRefusal();

  const field = (name: Path<Input>, hint?: string) => {
    const error = get(errors, name) as { message?: string } | undefined;
    return {
      ...form.register(name),
      error: Boolean(error),
      helperText: error?.message ?? hint,
    };
  };

  /**
   * `action` runs with the parsed values; a refusal shows as `failure` (`fallback` when it has
   * no words of its own), unless `handle` takes the error, or the console's Access Denied panel
   * does (an administrator's lost access).
   */
  const submitWith =
    (
      action: (values: Output) => Promise<void>,
      fallback: string,
      handle?: (error: unknown) => boolean,
    ) =>
    (event?: BaseSyntheticEvent) =>
      void form.handleSubmit(async (values) => {
        setFailure(null);
        try {
          await action(values);
        } catch (error) {
          if (!handle?.(error) && !report(error)) setFailure(toUserMessage(error, fallback));
        }
      })(event);

  return { ...form, field, failure, setFailure, busy: isSubmitting, submitWith };
}
