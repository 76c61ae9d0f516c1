import Search from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import { RAFFLE_CATEGORIES, RAFFLE_CATEGORY_LABELS, TICKET_SORTS } from '@rafflewin/domain';
import { SearchBar } from '@/components/SearchBar';
import { SelectField } from '@/components/SelectField';
import type { TicketFilters } from '../api/useTicketList';

const CATEGORY_OPTIONS = [
  { value: 'all' as const, label: 'All categories' },
  ...RAFFLE_CATEGORIES.map((category) => ({
    value: category,
    label: RAFFLE_CATEGORY_LABELS[category],
  })),
];

const DIRECTIONS = [
  { value: 'desc' as const, label: 'Descending' },
  { value: 'asc' as const, label: 'Ascending' },
];

/** Search (e-mail or ticket number), category, sort by and direction. */
export function TicketFiltersBar({
  filters,
  onChange,
}: {
  filters: TicketFilters;
  onChange: (filters: TicketFilters) => void;
}) {
  return (
    <SearchBar
      label="Search tickets"
      placeholder="E-mail or ticket number"
      initial={filters.search}
      onSearch={(search) => onChange({ ...filters, search })}
    >
      <SelectField
        label="Category"
        value={filters.category}
        options={CATEGORY_OPTIONS}
        onChange={(category) => onChange({ ...filters, category })}
      />
      <SelectField
        label="Sort by"
        value={filters.sort}
        options={TICKET_SORTS}
        onChange={(sort) => onChange({ ...filters, sort })}
      />
      <SelectField
        label="Direction"
        value={filters.direction}
        options={DIRECTIONS}
        onChange={(direction) => onChange({ ...filters, direction })}
        minWidth={140}
      />
      <Button type="submit" variant="contained" startIcon={<Search />}>
        Search
      </Button>
    </SearchBar>
  );
}
