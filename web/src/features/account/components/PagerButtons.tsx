import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * Previous / next for lists read from Firestore with cursors: a page is reached from the one
 * before it, so there is no jumping to page N.
 */
export function PagerButtons({
  label,
  page,
  pages,
  hasNext,
  onPrevious,
  onNext,
}: {
  label: string;
  page: number;
  /** Total pages when known (a count query). */
  pages: number | null;
  hasNext: boolean;
  onPrevious: () => void;
  onNext: () => void;
}) {
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
      <Button startIcon={<ChevronLeft />} onClick={onPrevious} disabled={page === 0}>
        Previous
      </Button>
      <Typography aria-live="polite" data-testid="page-indicator">
        Page {page + 1}
        {pages ? ` of ${pages}` : ''}
      </Typography>
      <Button endIcon={<ChevronRight />} onClick={onNext} disabled={!hasNext}>
        Next
      </Button>
    </Stack>
  );
}
