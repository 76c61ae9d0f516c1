import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';

/**
 * A list's search form (role search): the text box, whose words apply when the form is sent,
 * then the list's own filters and buttons (`children`, which include the submit button).
 */
export function SearchBar({
  label,
  placeholder,
  initial,
  onSearch,
  children,
}: {
  /** Names the search region, e.g. "Search orders". */
  label: string;
  placeholder: string;
  initial: string;
  onSearch: (text: string) => void;
  children: ReactNode;
}) {
  const [text, setText] = useState(initial);
  return (
    <Stack
      component="form"
      role="search"
      aria-label={label}
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      alignItems={{ md: 'center' }}
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text);
      }}
    >
      <TextField
        label="Search"
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
        sx={{ flexGrow: 1 }}
      />
      {children}
    </Stack>
  );
}
