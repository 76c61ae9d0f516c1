import Typography from '@mui/material/Typography';

/** A multi-line address as it is written on an envelope. */
export function AddressLines({ address }: { address: string }) {
  return (
    <Typography component="address" sx={{ fontStyle: 'normal', whiteSpace: 'pre-line' }}>
      {address}
    </Typography>
  );
}
