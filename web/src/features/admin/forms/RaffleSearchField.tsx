import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { formatShortDate, type RaffleSearchEntry } from '@rafflewin/domain';
import { useState } from 'react';
import { useRaffleSearch } from './useRaffleSearch';

/** The failure said in the list when the search cannot run. */
const SEARCH_FAILED = 'Failed to fetch raffles';

/**
 * Finds a raffle anywhere in the shop by words of its name (searched as the administrator
 * types; the latest-ending first) and picks it: exports, manual entries, postal entries,
 * winners. `closedReason` greys out raffles that cannot be picked, saying why.
 */
export function RaffleSearchField({
  value,
  onChange,
  error,
  label = 'Raffle',
  required = false,
  closingFrom,
  closedReason,
  helperText,
}: {
  value: RaffleSearchEntry | null;
  onChange: (raffle: RaffleSearchEntry | null) => void;
  error?: string;
  label?: string;
  required?: boolean;
  /** Only raffles that close at or after this (still taking entries). */
  closingFrom?: Date;
  closedReason?: (raffle: RaffleSearchEntry) => string | null;
  helperText?: string;
}) {
  const [text, setText] = useState('');
  const { raffles, loading, failed } = useRaffleSearch(text, closingFrom);
  const options = value && !raffles.some((r) => r.id === value.id) ? [value, ...raffles] : raffles;
  return (
    <Autocomplete
      value={value}
      options={options}
      loading={loading}
      filterOptions={(found) => found}
      getOptionLabel={(raffle) => raffle.name}
      getOptionDisabled={(raffle) => closedReason?.(raffle) != null}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      onChange={(_, raffle) => onChange(raffle)}
      onInputChange={(_, typed, reason) => {
        if (reason === 'input') setText(typed);
        if (reason === 'clear') setText('');
      }}
      renderOption={({ key, ...props }, raffle) => (
        <li key={key} {...props}>
          {raffle.name} — {closedReason?.(raffle) ?? `closes ${formatShortDate(raffle.endDate)}`}
        </li>
      )}
      noOptionsText={failed ? SEARCH_FAILED : text.trim() ? 'No raffles found' : 'No raffles yet'}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={Boolean(error)}
          helperText={error ?? helperText ?? 'Type words of the raffle’s name to search the shop'}
        />
      )}
    />
  );
}
