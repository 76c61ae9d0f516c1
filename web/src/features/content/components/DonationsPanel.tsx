import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatLongDate, formatPence } from '@rafflewin/domain';
import { useDonations } from '../api/useContent';

/** Our Charitable Impact: the donations made, newest first. */
export function DonationsPanel() {
  const { status, data } = useDonations();
  return (
    <Paper sx={{ p: { xs: 2, md: 4 } }} component="section" aria-labelledby="impact-heading">
      <Typography id="impact-heading" variant="h5" component="h2" gutterBottom>
        Our Charitable Impact
      </Typography>
      {status === 'error' && <Alert severity="error">Failed to load donations</Alert>}
      {status === 'success' && data.length === 0 && (
        <Typography color="text.secondary">No donations recorded yet.</Typography>
      )}
      <Stack spacing={2}>
        {data.map((donation) => (
          <Stack
            key={donation.id}
            direction="row"
            justifyContent="space-between"
            spacing={2}
            data-testid="donation"
          >
            <div>
              <Typography fontWeight={600}>{donation.charityName}</Typography>
              <Typography variant="body2" color="text.secondary">
                {donation.description}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {formatLongDate(donation.date)}
              </Typography>
            </div>
            <Typography fontWeight={700} color="success.main">
              {formatPence(donation.amount)}
            </Typography>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
