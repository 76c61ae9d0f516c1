import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { visiblePages } from '@rafflewin/domain';

/** Previous/next arrows and dot pagination (0-based pages). */
export function PageDots({
  page,
  pages,
  onChange,
  label,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  /** Names the control for assistive technology, e.g. "Entries of MacBook Air M4". */
  label: string;
}) {
  if (pages <= 1) return null;
  return (
    <Stack
      component="nav"
      aria-label={`${label}: pages`}
      direction="row"
      alignItems="center"
      justifyContent="center"
      spacing={0.5}
    >
      <IconButton
        aria-label="Previous page"
        disabled={page === 0}
        onClick={() => onChange(page - 1)}
      >
        <ChevronLeft />
      </IconButton>
      {visiblePages(page, pages).map((index) => (
        <IconButton
          key={index}
          size="small"
          aria-label={`Page ${index + 1} of ${pages}`}
          aria-current={index === page ? 'page' : undefined}
          onClick={() => onChange(index)}
          sx={{ p: 0.75 }}
        >
          <Box
            component="span"
            sx={{
              width: 10,
              height: 10,
              borderRadius: '50%',
              bgcolor: index === page ? 'primary.main' : 'action.disabled',
            }}
          />
        </IconButton>
      ))}
      <IconButton
        aria-label="Next page"
        disabled={page >= pages - 1}
        onClick={() => onChange(page + 1)}
      >
        <ChevronRight />
      </IconButton>
      {pages > 7 && (
        <Typography variant="caption" color="text.secondary">
          Page {page + 1} of {pages}
        </Typography>
      )}
    </Stack>
  );
}
