import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

/** One choice of a select: the value kept and the words shown. */
export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

/** A labelled select (filters, sort orders): the options in order, the value controlled. */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  minWidth = 160,
}: {
  label: string;
  value: V;
  options: ReadonlyArray<SelectOption<V>>;
  onChange: (value: V) => void;
  minWidth?: number;
}) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as V)}
      sx={{ minWidth }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
