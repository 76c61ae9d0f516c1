import Refresh from '@mui/icons-material/Refresh';
import Search from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import { ORDER_DATE_FILTERS, ORDER_STATUS_FILTERS } from '@rafflewin/domain';
import { SearchBar } from '@/components/SearchBar';
import { SelectField } from '@/components/SelectField';
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
  return (
    <SearchBar
      label="Search orders"
      placeholder="Order number or e-mail (exact)"
      initial={filters.search}
      onSearch={(search) => onChange({ ...filters, search })}
    >
      <SelectField
        label="Status"
        value={filters.status}
        options={ORDER_STATUS_FILTERS}
        onChange={(status) => onChange({ ...filters, status })}
      />
      <SelectField
        label="Date"
        value={filters.date}
        options={ORDER_DATE_FILTERS}
        onChange={(date) => onChange({ ...filters, date })}
      />
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
    </SearchBar>
  );
}
