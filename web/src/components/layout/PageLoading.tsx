import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

export function PageLoading({ label }: { label?: string }) {
  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 10 }}
      role="status"
      aria-label={label ?? 'Loading'}
    >
      <CircularProgress aria-hidden />
      {label && <Typography>{label}</Typography>}
    </Box>
  );
}
