import Delete from '@mui/icons-material/Delete';
import Bolt from '@mui/icons-material/Bolt';
import Edit from '@mui/icons-material/Edit';
import QuestionAnswer from '@mui/icons-material/QuestionAnswer';
import WarningAmber from '@mui/icons-material/WarningAmber';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import {
  QUESTION_MESSAGES,
  RAFFLE_CATEGORY_LABELS,
  formatNumericDateTime,
  formatPence,
  type Raffle,
} from '@rafflewin/domain';
import { DataTable } from '@/components/DataTable';
import { ImagePreview } from '../../images/components/ImageUrlField';
import { useHasActiveQuestion } from '../api/useHasActiveQuestion';

/** "Free" for free raffles, otherwise pounds. */
function priceText(raffle: Raffle): string {
  return raffle.category === 'free' || raffle.ticketPrice === 0
    ? 'Free'
    : formatPence(raffle.ticketPrice);
}

function QuestionWarning({ raffle }: { raffle: Raffle }) {
  const hasQuestion = useHasActiveQuestion(raffle.id);
  if (raffle.category === 'free' || hasQuestion !== false) return null;
  return (
    <Tooltip title={QUESTION_MESSAGES.paidNeedsQuestion}>
      <Chip
        icon={<WarningAmber />}
        label="No question"
        color="warning"
        size="small"
        variant="outlined"
        aria-label={`${QUESTION_MESSAGES.paidNeedsQuestion}: ${raffle.name} has none`}
      />
    </Tooltip>
  );
}

export interface RaffleRowActions {
  onToggle: (raffle: Raffle) => void;
  onQuestions: (raffle: Raffle) => void;
  onInstantPrizes: (raffle: Raffle) => void;
  onEdit: (raffle: Raffle) => void;
  onDelete: (raffle: Raffle) => void;
  /** The raffle whose status is being changed. */
  toggling: string | null;
}

function RaffleRow({ raffle, actions }: { raffle: Raffle; actions: RaffleRowActions }) {
  return (
    <TableRow hover data-testid="raffle-row">
      <TableCell>
        <Stack direction="row" spacing={1.5} alignItems="center">
          <ImagePreview url={raffle.imageUrl} alt="" width={64} />
          <Stack spacing={0.5} alignItems="flex-start">
            <Typography fontWeight={600}>{raffle.name}</Typography>
            <QuestionWarning raffle={raffle} />
            {raffle.instantPrizes.length > 0 && (
              <Chip
                icon={<Bolt />}
                label={`${raffle.instantPrizes.length} instant ${raffle.instantPrizes.length === 1 ? 'prize' : 'prizes'}`}
                size="small"
                variant="outlined"
              />
            )}
          </Stack>
        </Stack>
      </TableCell>
      <TableCell>{RAFFLE_CATEGORY_LABELS[raffle.category]}</TableCell>
      <TableCell>{priceText(raffle)}</TableCell>
      <TableCell>
        {raffle.soldTickets} / {raffle.maxTickets}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatNumericDateTime(raffle.endDate)}</TableCell>
      <TableCell>
        {raffle.cancelledAt ? (
          <Chip label="Cancelled" color="error" size="small" />
        ) : (
          <FormControlLabel
            control={
              <Switch
                checked={raffle.active}
                disabled={actions.toggling === raffle.id}
                onChange={() => actions.onToggle(raffle)}
                slotProps={{ input: { 'aria-label': `Active: ${raffle.name}` } }}
              />
            }
            label={raffle.active ? 'Active' : 'Inactive'}
          />
        )}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        <Tooltip title="Questions">
          <IconButton
            aria-label={`Questions for ${raffle.name}`}
            onClick={() => actions.onQuestions(raffle)}
          >
            <QuestionAnswer />
          </IconButton>
        </Tooltip>
        <Tooltip title="Instant Prizes">
          <IconButton
            aria-label={`Instant prizes for ${raffle.name}`}
            onClick={() => actions.onInstantPrizes(raffle)}
          >
            <Bolt />
          </IconButton>
        </Tooltip>
        <Tooltip title="Edit">
          <IconButton aria-label={`Edit ${raffle.name}`} onClick={() => actions.onEdit(raffle)}>
            <Edit />
          </IconButton>
        </Tooltip>
        <Tooltip title="Delete">
          <IconButton
            color="error"
            aria-label={`Delete ${raffle.name}`}
            onClick={() => actions.onDelete(raffle)}
          >
            <Delete />
          </IconButton>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}

/** The Manage Raffles table. */
export function RaffleTable({
  raffles,
  actions,
}: {
  raffles: Raffle[];
  actions: RaffleRowActions;
}) {
  return (
    <DataTable
      label="Raffles"
      paper={false}
      columns={[
        'Name',
        'Category',
        'Price',
        'Tickets sold / max',
        'End Date',
        'Status',
        { label: 'Actions', align: 'right' },
      ]}
    >
      {raffles.map((raffle) => (
        <RaffleRow key={raffle.id} raffle={raffle} actions={actions} />
      ))}
    </DataTable>
  );
}
