import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LoadStatus } from '@/lib/realtime';

/** The pages of a list, as `usePagedQuery` answers them. */
export interface Pager {
  /** 0-based. */
  page: number;
  hasNext: boolean;
  next: () => void;
  previous: () => void;
  status?: LoadStatus;
}

/**
 * Previous / next for lists read from Firestore with cursors: a page is reached from the one
 * before it, so there is no jumping to page N. Hidden while there is only one page; both
 * buttons wait while a page is being read.
 */
export function PagerButtons({
  label,
  pager,
  pages = null,
}: {
  label: string;
  pager: Pager;
  /** Total pages when known (a count query). */
  pages?: number | null;
}) {
  const { page, hasNext } = pager;
  const busy = pager.status === 'loading';
  if (page === 0 && !hasNext) return null;
  return (
    <Stack
      component="nav"
      aria-label={`${label}: pages`}
      direction="row"
      spacing={2}
      alignItems="center"
      justifyContent="center"
    >
      <Button startIcon={<ChevronLeft />} onClick={pager.previous} disabled={page === 0 || busy}>
        Previous
      </Button>
      <Typography aria-live="polite" data-testid="page-indicator">
        Page {page + 1}
        {pages ? ` of ${pages}` : ''}
      </Typography>
      <Button endIcon={<ChevronRight />} onClick={pager.next} disabled={!hasNext || busy}>
        Next
      </Button>
    </Stack>
  );
}
