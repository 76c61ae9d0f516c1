import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import {
  MAX_MANUAL_ENTRY_QUANTITY,
  RAFFLE_CATEGORIES,
  RAFFLE_CATEGORY_LABELS,
  ticketsLeft,
  type Raffle,
  type RaffleCategory,
  type UserProfile,
} from '@rafflewin/domain';
import {
  Controller,
  type Control,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { useId } from 'react';
import { UserPicker } from '@/components/UserPicker';
import { ImageUrlField } from '../images/components/ImageUrlField';
import { RaffleSelect } from './RaffleSelect';

/** The console's form fields that several forms share, bound to their field by name. */

/** Forms with an image and a raffle category (raffles, carousel slides). */
interface ImageAndCategory extends FieldValues {
  imageUrl: string;
  category: RaffleCategory | '' | null;
}

/** The image field (URL, library or upload, with a preview), bound to `imageUrl`. */
export function ImageUrlControl<T extends ImageAndCategory, O>({
  control,
  errors,
}: {
  control: Control<T, unknown, O>;
  errors: FieldErrors<T>;
}) {
  return (
    <Controller
      name={'imageUrl' as Path<T>}
      control={control}
      render={({ field: { value, onChange, onBlur } }) => (
        <ImageUrlField
          value={String(value ?? '')}
          onChange={onChange}
          onBlur={onBlur}
          error={errors.imageUrl?.message as string | undefined}
        />
      )}
    />
  );
}

/** The required category select, bound to `category`. */
export function CategoryControl<T extends ImageAndCategory, O>({
  control,
  errors,
}: {
  control: Control<T, unknown, O>;
  errors: FieldErrors<T>;
}) {
  return (
    <Controller
      name={'category' as Path<T>}
      control={control}
      render={({ field: { value, onChange } }) => (
        <TextField
          select
          label="Category"
          required
          value={value ?? ''}
          onChange={(event) => onChange(event.target.value)}
          error={Boolean(errors.category)}
          helperText={errors.category?.message as string | undefined}
        >
          {RAFFLE_CATEGORIES.map((option) => (
            <MenuItem key={option} value={option}>
              {RAFFLE_CATEGORY_LABELS[option]}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** Forms that enter tickets for a customer (manual entry, ticket adds). */
interface ForCustomer extends FieldValues {
  userId: string;
}

/**
 * The customer picker bound to `userId`: the picked account is kept by the form (`user`,
 * `onUser`) for what it shows, and its id is the form's value.
 */
export function UserIdControl<T extends ForCustomer, O>({
  control,
  errors,
  user,
  onUser,
}: {
  control: Control<T, unknown, O>;
  errors: FieldErrors<T>;
  user: UserProfile | null;
  onUser: (user: UserProfile | null) => void;
}) {
  return (
    <Controller
      name={'userId' as Path<T>}
      control={control}
      render={({ field: { onChange } }) => (
        <UserPicker
          value={user}
          onChange={(picked) => {
            onUser(picked);
            onChange(picked?.id ?? '');
          }}
          error={errors.userId?.message as string | undefined}
        />
      )}
    />
  );
}

/** Forms that give a customer tickets in a raffle (manual entry, Add Tickets). */
interface CustomerTickets extends FieldValues {
  userId: string;
  raffleId: string;
  quantity: number;
}

/** At most 100 at a time, and never more than the raffle has left. */
export function maxQuantityFor(raffle: Raffle | undefined): number {
  const left = raffle ? ticketsLeft(raffle) : MAX_MANUAL_ENTRY_QUANTITY;
  return Math.max(1, Math.min(MAX_MANUAL_ENTRY_QUANTITY, left));
}

/**
 * The customer, the raffle (read live by the form: `raffle`) and how many tickets, bound to
 * `userId`, `raffleId` and `quantity`; the quantity's hint says the most (maxQuantityFor).
 */
export function CustomerTicketsFields<T extends CustomerTickets, O>({
  form: {
    control,
    register,
    formState: { errors },
  },
  user,
  onUser,
  raffle,
  onQuantityBlur,
}: {
  form: Pick<UseFormReturn<T, unknown, O>, 'control' | 'register' | 'formState'>;
  user: UserProfile | null;
  onUser: (user: UserProfile | null) => void;
  raffle: Raffle | undefined;
  onQuantityBlur?: () => void;
}) {
  const maxQuantity = maxQuantityFor(raffle);
  return (
    <>
      <UserIdControl control={control} errors={errors} user={user} onUser={onUser} />
      <Controller
        name={'raffleId' as Path<T>}
        control={control}
        render={({ field: { value, onChange } }) => (
          <RaffleSelect
            value={String(value ?? '')}
            raffle={raffle}
            onChange={onChange}
            error={errors.raffleId?.message as string | undefined}
          />
        )}
      />
      <TextField
        label="Quantity"
        type="number"
        required
        slotProps={{ htmlInput: { min: 1, max: maxQuantity, step: 1 } }}
        helperText={
          (errors.quantity?.message as string | undefined) ??
          `At most ${maxQuantity} ${maxQuantity === 1 ? 'ticket' : 'tickets'} at a time`
        }
        error={Boolean(errors.quantity)}
        {...register('quantity' as Path<T>, { valueAsNumber: true, onBlur: onQuantityBlur })}
      />
    </>
  );
}

/**
 * A labelled checkbox bound to a yes/no field of the form; `refusedBecause`, when set, turns it
 * off for good and says why under it.
 */
export function CheckboxControl<T extends FieldValues, O>({
  control,
  name,
  label,
  refusedBecause,
}: {
  control: Control<T, unknown, O>;
  name: Path<T>;
  label: string;
  refusedBecause?: string;
}) {
  const why = useId();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field: { value, onChange } }) => (
        <FormControl>
          <FormControlLabel
            control={
              <Checkbox
                checked={Boolean(value)}
                disabled={refusedBecause !== undefined}
                onChange={(event) => onChange(event.target.checked)}
                slotProps={{ input: { 'aria-describedby': refusedBecause ? why : undefined } }}
              />
            }
            label={label}
          />
          {refusedBecause && <FormHelperText id={why}>{refusedBecause}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

/** The "Active" switch, bound to `isActive` (questions, carousel slides). */
export function ActiveSwitchControl<T extends FieldValues & { isActive: boolean }, O>({
  control,
}: {
  control: Control<T, unknown, O>;
}) {
  return (
    <Controller
      name={'isActive' as Path<T>}
      control={control}
      render={({ field: { value, onChange } }) => (
        <FormControlLabel
          control={
            <Switch checked={Boolean(value)} onChange={(event) => onChange(event.target.checked)} />
          }
          label="Active"
        />
      )}
    />
  );
}
