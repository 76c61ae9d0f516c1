import { formatShortDate, type RaffleSearchEntry } from '@rafflewin/domain';
import { useState } from 'react';
import { SearchPicker } from '@/components/SearchPicker';
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
  helperText = 'Type words of the raffle’s name to search the shop',
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
  const found = useRaffleSearch(text, closingFrom);
  return (
    <SearchPicker
      value={value}
      onChange={onChange}
      found={found}
      onText={setText}
      getLabel={(raffle) => raffle.name}
      renderLabel={(raffle) =>
        `${raffle.name} — ${closedReason?.(raffle) ?? `closes ${formatShortDate(raffle.endDate)}`}`
      }
      disabledReason={closedReason}
      noOptionsText={
        found.failed ? SEARCH_FAILED : text.trim() ? 'No raffles found' : 'No raffles yet'
      }
      label={label}
      required={required}
      error={error}
      helperText={helperText}
    />
  );
}
