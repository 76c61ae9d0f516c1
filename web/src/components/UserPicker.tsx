import type { UserProfile } from '@rafflewin/domain';
import { useState } from 'react';
import { useUserSearch } from '@/hooks/useUserSearch';
import { SearchPicker } from './SearchPicker';

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
  const found = useUserSearch(text);
  return (
    <SearchPicker
      value={value}
      onChange={onChange}
      found={found}
      onText={setText}
      getLabel={describe}
      noOptionsText={
        found.failed ? failedText : text.trim() ? 'No users found' : 'Type an e-mail address'
      }
      label={label}
      required={required}
      disabled={disabled}
      error={error}
    />
  );
}
