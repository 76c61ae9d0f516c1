import CheckCircle from '@mui/icons-material/CheckCircle';
import HelpOutline from '@mui/icons-material/HelpOutline';
import ReportProblem from '@mui/icons-material/ReportProblem';
import Schedule from '@mui/icons-material/Schedule';
import type { SvgIconProps } from '@mui/material/SvgIcon';

const ICONS: Record<
  string,
  { Icon: typeof CheckCircle; color: SvgIconProps['color']; label: string }
> = {
  open: { Icon: ReportProblem, color: 'warning', label: 'Open' },
  in_progress: { Icon: Schedule, color: 'info', label: 'In progress' },
  replied: { Icon: Schedule, color: 'info', label: 'Replied' },
  closed: { Icon: CheckCircle, color: 'success', label: 'Closed' },
};

/**
 * A ticket's status as an icon: open a yellow alert, in progress and replied a
 * blue clock, closed a green tick, anything else grey. The status is its accessible name.
 */
export function TicketStatusIcon({ status }: { status: string }) {
  const { Icon, color, label } = ICONS[status] ?? {
    Icon: HelpOutline,
    color: 'disabled' as const,
    label: 'Unknown status',
  };
  return <Icon color={color} titleAccess={label} />;
}
