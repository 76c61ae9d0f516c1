import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGE_HANDLING_TIMES } from '@rafflewin/domain';
import { AddressLines } from '@/components/AddressLines';
import { LastUpdated } from '@/components/LastUpdated';
import { PageHeading } from '@/components/PageTitle';
import { ContactForm } from '@/features/support/components/ContactForm';
import { useSession } from '@/hooks/useSession';
import { useSiteSettings } from '@/hooks/useSiteSettings';

export default function ContactPage() {
  const { user } = useSession();
  const { settings } = useSiteSettings();
  return (
    <Stack spacing={4}>
      <Stack spacing={1}>
        <PageHeading title="Contact Us" />
        <LastUpdated />
      </Stack>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Paper sx={{ p: { xs: 2, md: 4 } }}>
            <ContactForm
              name={user?.displayName ?? ''}
              email={user?.email ?? ''}
              signedIn={Boolean(user?.email)}
            />
          </Paper>
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Paper sx={{ p: { xs: 2, md: 4 } }}>
            <Typography variant="h5" component="h2" gutterBottom>
              How we handle your message
            </Typography>
            <Typography sx={{ mb: 2 }}>
              {MESSAGE_HANDLING_TIMES} Each message gets a reference you can quote, and signed-in
              customers can follow the conversation in My Support Tickets.
            </Typography>
            {settings.postalEntryAddress && (
              <>
                <Typography variant="h6" component="h3">
                  Postal entries
                </Typography>
                <AddressLines address={settings.postalEntryAddress} />
              </>
            )}
            {settings.legalName && settings.registeredOffice && (
              <>
                <Typography variant="h6" component="h3" sx={{ mt: 2 }}>
                  Registered office
                </Typography>
                <AddressLines address={`${settings.legalName}\n${settings.registeredOffice}`} />
              </>
            )}
          </Paper>
        </Grid>
      </Grid>
    </Stack>
  );
}
