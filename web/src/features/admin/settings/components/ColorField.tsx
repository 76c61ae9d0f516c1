import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { ChangeEvent } from 'react';

/** #abc → #aabbcc; anything the colour picker cannot show → null. */
function pickerValue(value: string): string | null {
  if (/^#[0-9a-f]{6}$/i.test(value)) return value.toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(value)) {
    return `#${[...value.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
  }
  if (/^#[0-9a-f]{8}$/i.test(value)) return value.slice(0, 7).toLowerCase();
  return null;
}

/** A hex colour: typed, or picked with the browser's colour picker beside it. */
export function ColorField({
  label,
  value,
  onChange,
  onBlur,
  error,
  name,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  error?: string;
  name: string;
}) {
  const picked = pickerValue(value);
  return (
    <TextField
      label={label}
      name={name}
      value={value}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      onBlur={onBlur}
      error={Boolean(error)}
      helperText={error}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <input
                type="color"
                aria-label={`Pick ${label.toLowerCase()}`}
                value={picked ?? '#000000'}
                onChange={(event) => onChange(event.target.value)}
                style={{
                  width: 28,
                  height: 28,
                  padding: 0,
                  border: 'none',
                  background: 'none',
                  cursor: 'pointer',
                }}
              />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
