import AccessTime from '@mui/icons-material/AccessTime';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { countdown, type CountdownTone } from '@rafflewin/domain';
import { useNow } from '@/hooks/useNow';

const TONE_COLOURS: Record<CountdownTone, string> = {
  red: 'error.main',
  orange: 'warning.main',
  grey: 'text.secondary',
  blue: 'info.dark',
};

/** A live countdown, ticking every second, coloured by how soon the raffle ends. */
export function Countdown({ endDate }: { endDate: Date }) {
  const now = useNow(1000);
  const { text, tone } = countdown(endDate, now);
  return (
    <Stack direction="row" spacing={0.5} alignItems="center" sx={{ color: TONE_COLOURS[tone] }}>
      <AccessTime fontSize="small" aria-hidden />
      <Typography variant="body2" fontWeight={600} data-testid="countdown" data-tone={tone}>
        {text}
      </Typography>
    </Stack>
  );
}
