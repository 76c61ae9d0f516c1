import Search from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { RAFFLE_CATEGORIES, RAFFLE_CATEGORY_LABELS, TICKET_SORTS } from '@rafflewin/domain';
import { useState } from 'react';
import type { TicketFilters } from '../api/useTicketList';

/** Search (e-mail or ticket number), category, sort by and direction. */
export function TicketFiltersBar({
  filters,
  onChange,
}: {
  filters: TicketFilters;
  onChange: (filters: TicketFilters) => void;
}) {
  const [text, setText] = useState(filters.search);
  return (
    <Stack
      component="form"
      role="search"
      aria-label="Search tickets"
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...filters, search: text });
      }}
    >
      <TextField
        label="Search"
        placeholder="E-mail or ticket number"
        value={text}
        onChange={(event) => setText(event.target.value)}
        sx={{ flexGrow: 1 }}
      />
      <TextField
        select
        label="Category"
        value={filters.category}
        onChange={(event) =>
          onChange({ ...filters, category: event.target.value as TicketFilters['category'] })
        }
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="all">All categories</MenuItem>
        {RAFFLE_CATEGORIES.map((category) => (
          <MenuItem key={category} value={category}>
            {RAFFLE_CATEGORY_LABELS[category]}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Sort by"
        value={filters.sort}
        onChange={(event) =>
          onChange({ ...filters, sort: event.target.value as TicketFilters['sort'] })
        }
        sx={{ minWidth: 160 }}
      >
        {TICKET_SORTS.map((sort) => (
          <MenuItem key={sort.value} value={sort.value}>
            {sort.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Direction"
        value={filters.direction}
        onChange={(event) =>
          onChange({ ...filters, direction: event.target.value as TicketFilters['direction'] })
        }
        sx={{ minWidth: 140 }}
      >
        <MenuItem value="desc">Descending</MenuItem>
        <MenuItem value="asc">Ascending</MenuItem>
      </TextField>
      <Button type="submit" variant="contained" startIcon={<Search />}>
        Search
      </Button>
    </Stack>
  );
}
