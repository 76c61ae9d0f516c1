import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { UserProfile } from '@rafflewin/domain';
import { useState } from 'react';
import { useUserSearch } from '@/hooks/useUserSearch';

function describe(user: UserProfile): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name ? `${user.email} (${name})` : user.email;
}

/**
 * Finds an account by the start of its e-mail address (ten matches at a time, searched as the
 * administrator types) and picks it: manual entries, ticket adds, a notification's recipient.
 */
export function UserPicker({
  value,
  onChange,
  error,
  label = 'User (search by e-mail)',
  required = true,
  disabled = false,
  failedText = 'Failed to search users',
}: {
  value: UserProfile | null;
  onChange: (user: UserProfile | null) => void;
  error?: string;
  label?: string;
  required?: boolean;
  disabled?: boolean;
  /** Said in the list when the search fails. */
  failedText?: string;
}) {
  const [text, setText] = useState('');
  const { users, loading, failed } = useUserSearch(text);
  return (
    <Autocomplete
      value={value}
      options={value && !users.some((u) => u.id === value.id) ? [value, ...users] : users}
      loading={loading}
      disabled={disabled}
      filterOptions={(options) => options}
      getOptionLabel={describe}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      onChange={(_, user) => onChange(user)}
      onInputChange={(_, typed, reason) => {
        if (reason === 'input') setText(typed);
        if (reason === 'clear') setText('');
      }}
      noOptionsText={
        failed ? failedText : text.trim() ? 'No users found' : 'Type an e-mail address'
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
