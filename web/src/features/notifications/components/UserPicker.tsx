import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { SEND_NOTIFICATION_MESSAGES, type UserProfile } from '@rafflewin/domain';
import { useState } from 'react';
import { useUserSearch } from '../api/useUserSearch';

function describe(user: UserProfile): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(' ');
  return name ? `${user.email} (${name})` : user.email;
}

/** Picks one user by the start of their e-mail address (ten matches at a time). */
export function UserPicker({
  value,
  onChange,
  disabled,
  error,
}: {
  value: UserProfile | null;
  onChange: (user: UserProfile | null) => void;
  disabled: boolean;
  error?: string;
}) {
  const [text, setText] = useState('');
  const search = useUserSearch(text);
  return (
    <Autocomplete
      options={search.users}
      value={value}
      onChange={(_, user) => onChange(user)}
      inputValue={text}
      onInputChange={(_, typed) => setText(typed)}
      getOptionLabel={describe}
      isOptionEqualToValue={(option, selected) => option.id === selected.id}
      filterOptions={(options) => options}
      loading={search.loading}
      disabled={disabled}
      noOptionsText={
        search.failed
          ? SEND_NOTIFICATION_MESSAGES.searchUsersFailed
          : text.trim()
            ? 'No users found'
            : 'Type the start of an e-mail address'
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label="User (search by e-mail)"
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}
