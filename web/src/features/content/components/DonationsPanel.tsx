import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DONATION_MESSAGES,
  formatLongDate,
  formatPence,
  type CharityDonation,
} from '@rafflewin/domain';
import type { ReactNode } from 'react';
import { ImageOrPlaceholder } from '@/components/ImageOrPlaceholder';
import { useDonations } from '../api/useContent';

/**
 * Our Charitable Impact: the donations made, newest first. Administrators get `toolbar` (Add
 * Donation) and `actions` beside each donation.
 */
export function DonationsPanel({
  toolbar,
  actions,
}: {
  toolbar?: ReactNode;
  actions?: (donation: CharityDonation) => ReactNode;
}) {
  const { status, data, more, showMore } = useDonations();
  return (
    <Paper sx={{ p: { xs: 2, md: 4 } }} component="section" aria-labelledby="impact-heading">
      <Stack direction="row" justifyContent="space-between" alignItems="center" sx={{ mb: 1 }}>
        <Typography id="impact-heading" variant="h5" component="h2">
          Our Charitable Impact
        </Typography>
        {toolbar}
      </Stack>
      {status === 'error' && <Alert severity="error">{DONATION_MESSAGES.loadFailed}</Alert>}
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
            {donation.imageUrl && (
              <ImageOrPlaceholder
                src={donation.imageUrl}
                alt={donation.charityName}
                loading="lazy"
                sx={{ width: 96, height: 64, objectFit: 'cover', borderRadius: 1, flexShrink: 0 }}
              />
            )}
            <Box sx={{ flexGrow: 1, minWidth: 0 }}>
              <Typography fontWeight={600}>{donation.charityName}</Typography>
              <Typography variant="body2" color="text.secondary">
                {donation.description}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {formatLongDate(donation.date)}
              </Typography>
            </Box>
            <Stack alignItems="flex-end">
              <Typography fontWeight={700} color="success.main">
                {formatPence(donation.amount)}
              </Typography>
              {actions?.(donation)}
            </Stack>
          </Stack>
        ))}
      </Stack>
      {more && (
        <Box sx={{ mt: 2, textAlign: 'center' }}>
          <Button variant="outlined" onClick={showMore} disabled={status === 'loading'}>
            Show more donations
          </Button>
        </Box>
      )}
    </Paper>
  );
}
