import Refresh from '@mui/icons-material/Refresh';
import Search from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { ORDER_DATE_FILTERS, ORDER_STATUS_FILTERS } from '@rafflewin/domain';
import { useState } from 'react';
import type { OrderFilters } from '../api/useOrderList';

/** Search by order number or e-mail, the status and date filters, and refresh. */
export function OrderFiltersBar({
  filters,
  onChange,
  onRefresh,
}: {
  filters: OrderFilters;
  onChange: (filters: OrderFilters) => void;
  onRefresh: () => void;
}) {
  const [text, setText] = useState(filters.search);
  return (
    <Stack
      component="form"
      role="search"
      aria-label="Search orders"
      direction={{ xs: 'column', md: 'row' }}
      spacing={2}
      alignItems={{ md: 'center' }}
      onSubmit={(event) => {
        event.preventDefault();
        onChange({ ...filters, search: text });
      }}
    >
      <TextField
        label="Search"
        placeholder="Order number or e-mail (exact)"
        value={text}
        onChange={(event) => setText(event.target.value)}
        sx={{ flexGrow: 1 }}
      />
      <TextField
        select
        label="Status"
        value={filters.status}
        onChange={(event) =>
          onChange({ ...filters, status: event.target.value as OrderFilters['status'] })
        }
        sx={{ minWidth: 160 }}
      >
        {ORDER_STATUS_FILTERS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Date"
        value={filters.date}
        onChange={(event) =>
          onChange({ ...filters, date: event.target.value as OrderFilters['date'] })
        }
        sx={{ minWidth: 160 }}
      >
        {ORDER_DATE_FILTERS.map((option) => (
          <MenuItem key={option.value} value={option.value}>
            {option.label}
          </MenuItem>
        ))}
      </TextField>
      <Stack direction="row" spacing={1}>
        <Button type="submit" variant="contained" startIcon={<Search />}>
          Search
        </Button>
        <Tooltip title="Refresh">
          <IconButton aria-label="Refresh orders" onClick={onRefresh}>
            <Refresh />
          </IconButton>
        </Tooltip>
      </Stack>
    </Stack>
  );
}
