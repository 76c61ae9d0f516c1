import Chip from '@mui/material/Chip';
import type { SupportPriority } from '@rafflewin/domain';

// Outlined, with text dark enough for WCAG AA on white: low grey, normal blue, high orange,
// urgent red.
const COLOURS: Record<SupportPriority, string> = {
  low: '#4B5563',
  normal: '#1D4ED8',
  high: '#B45309',
  urgent: '#B91C1C',
};

const LABELS: Record<SupportPriority, string> = {
  low: 'Low',
  normal: 'Normal',
  high: 'High',
  urgent: 'Urgent',
};

/** A ticket's priority as a small coloured badge. */
export function PriorityBadge({ priority }: { priority: SupportPriority }) {
  const colour = COLOURS[priority];
  return (
    <Chip
      size="small"
      variant="outlined"
      label={`${LABELS[priority]} priority`}
      sx={{ color: colour, borderColor: colour, fontWeight: 600 }}
    />
  );
}
