import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** How manual entry works, for the administrator using it. */
export function QuickGuide() {
  return (
    <Paper component="section" aria-labelledby="quick-guide-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="quick-guide-heading" variant="h6" component="h2" gutterBottom>
        Quick guide
      </Typography>
      <Typography component="ol" sx={{ pl: 2.5, m: 0, '& li': { mb: 1 } }}>
        <li>Search for the customer by the start of their e-mail address and pick them.</li>
        <li>
          Pick an active raffle. Sold-out, ended and not-yet-open raffles are shown but cannot be
          picked.
        </li>
        <li>
          Enter how many tickets to add: at most 100 at a time, and never more than the raffle has
          left. The customer&apos;s per-user limit applies, as for online entries.
        </li>
        <li>
          Press Add. The customer gets ticket numbers, a completed £0 order (payment method
          manual_entry, order number starting MAN-) and the usual confirmation e-mail.
        </li>
        <li>
          Use this for free postal entries: one ticket per valid postcard, received before the
          closing date.
        </li>
      </Typography>
    </Paper>
  );
}
