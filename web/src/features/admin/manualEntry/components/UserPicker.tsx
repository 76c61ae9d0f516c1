import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { UserProfile } from '@rafflewin/domain';
import { useState } from 'react';
import { useUserSearch } from '../api/useUserSearch';

function describe(user: UserProfile): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name ? `${user.email} (${name})` : user.email;
}

/** Finds a customer by the start of their e-mail address and picks them. */
export function UserPicker({
  value,
  onChange,
  error,
  label = 'User (search by e-mail)',
}: {
  value: UserProfile | null;
  onChange: (user: UserProfile | null) => void;
  error?: string;
  label?: string;
}) {
  const [text, setText] = useState('');
  const { users, loading, failed } = useUserSearch(text);
  return (
    <Autocomplete
      value={value}
      options={value && !users.some((u) => u.id === value.id) ? [value, ...users] : users}
      loading={loading}
      filterOptions={(options) => options}
      getOptionLabel={describe}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      onChange={(_, user) => onChange(user)}
      onInputChange={(_, typed, reason) => {
        if (reason === 'input') setText(typed);
        if (reason === 'clear') setText('');
      }}
      noOptionsText={
        failed
          ? 'Failed to search users'
          : text.trim()
            ? 'No users found'
            : 'Type an e-mail address'
      }
      renderInput={(params) => (
        <TextField {...params} label={label} required error={Boolean(error)} helperText={error} />
      )}
    />
  );
}
