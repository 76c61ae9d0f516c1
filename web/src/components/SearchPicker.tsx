import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import type { SearchState } from '@/hooks/useSearchAsYouType';

/**
 * A picker that searches on the server as the administrator types (the caller's
 * search-as-you-type hook answers `found`): the picked item stays among the options, the
 * options come back as found (no filtering in the browser), and the list says when nothing
 * matched or the search failed.
 */
export function SearchPicker<T extends { id: string }>({
  value,
  onChange,
  found,
  onText,
  getLabel,
  noOptionsText,
  label,
  required = false,
  disabled = false,
  error,
  helperText,
  disabledReason,
  renderLabel = getLabel,
}: {
  value: T | null;
  onChange: (item: T | null) => void;
  found: SearchState<T>;
  /** What is typed (empty when cleared). */
  onText: (text: string) => void;
  getLabel: (item: T) => string;
  noOptionsText: string;
  label: string;
  required?: boolean;
  disabled?: boolean;
  error?: string;
  helperText?: string;
  /** Why an item cannot be picked (it is listed greyed out), or null. */
  disabledReason?: (item: T) => string | null;
  /** An option as listed, when it says more than the picked item's label. */
  renderLabel?: (item: T) => ReactNode;
}) {
  const { results, loading } = found;
  const options =
    value && !results.some((item) => item.id === value.id) ? [value, ...results] : results;
  return (
    <Autocomplete
      value={value}
      options={options}
      loading={loading}
      disabled={disabled}
      filterOptions={(all) => all}
      getOptionLabel={getLabel}
      getOptionDisabled={(item) => disabledReason?.(item) != null}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      onChange={(_, item) => onChange(item)}
      onInputChange={(_, typed, reason) => {
        if (reason === 'input') onText(typed);
        if (reason === 'clear') onText('');
      }}
      renderOption={({ key, ...props }, item) => (
        <li key={key} {...props}>
          {renderLabel(item)}
        </li>
      )}
      noOptionsText={noOptionsText}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={Boolean(error)}
          helperText={error ?? helperText}
        />
      )}
    />
  );
}
