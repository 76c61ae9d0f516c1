import Search from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { UserSearchField } from '@rafflewin/domain';
import { useState, type FormEvent } from 'react';
import type { UserQuery } from '../api/useUserPage';

/**
 * Search by the start of an e-mail address or a username (Firestore matches prefixes, not
 * words inside). An "@" in the text always searches e-mail addresses.
 */
export function UserSearch({ onSearch }: { onSearch: (query: UserQuery) => void }) {
  const [text, setText] = useState('');
  const [searchBy, setSearchBy] = useState<UserSearchField>('email');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const search = text.trim().toLowerCase();
    onSearch({ search, searchBy: search.includes('@') ? 'email' : searchBy });
  };

  return (
    <Stack
      component="form"
      role="search"
      aria-label="User search"
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      onSubmit={submit}
    >
      <TextField
        label="Search users"
        placeholder={searchBy === 'email' ? 'Start of an email address' : 'Start of a username'}
        value={text}
        onChange={(event) => setText(event.target.value)}
        size="small"
        sx={{ flexGrow: 1 }}
      />
      <TextField
        select
        label="Search by"
        value={searchBy}
        onChange={(event) => setSearchBy(event.target.value as UserSearchField)}
        size="small"
        sx={{ minWidth: 150 }}
      >
        <MenuItem value="email">Email</MenuItem>
        <MenuItem value="username">Username</MenuItem>
      </TextField>
      <Button type="submit" variant="contained" startIcon={<Search />}>
        Search
      </Button>
    </Stack>
  );
}
