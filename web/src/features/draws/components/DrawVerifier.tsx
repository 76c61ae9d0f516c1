import CheckCircle from '@mui/icons-material/CheckCircle';
import Download from '@mui/icons-material/Download';
import ErrorIcon from '@mui/icons-material/Error';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  canonicalEntryList,
  formatCount,
  verifyDraw,
  type DrawCheck,
  type DrawRecord,
} from '@rafflewin/domain';
import { useState } from 'react';
import { useAction } from '@/hooks/useAction';
import { loadEntryList } from '../api/loadEntryList';

function Check({ ok, label }: { ok: boolean; label: string }) {
  return (
    <ListItem disableGutters>
      <ListItemIcon sx={{ minWidth: 36 }}>
        {ok ? (
          <CheckCircle color="success" titleAccess="Passed" />
        ) : (
          <ErrorIcon color="error" titleAccess="Failed" />
        )}
      </ListItemIcon>
      <ListItemText primary={label} />
    </ListItem>
  );
}

/**
 * Verify: downloads the frozen entry list and repeats the whole draw in this browser with the
 * same code the server used (domain/src/draws.ts), then says whether each step agrees.
 */
export function DrawVerifier({
  draw,
  publishedCommitment,
}: {
  draw: DrawRecord;
  /** The commitment the raffle showed before its first entry, where it can still be read. */
  publishedCommitment: string | null;
}) {
  const [numbers, setNumbers] = useState<number[] | null>(null);
  const [check, setCheck] = useState<DrawCheck | null>(null);
  const { busy, error, run } = useAction(
    () => 'The entry list could not be loaded. Please try again.',
  );

  const verify = () =>
    run(async () => {
      const list = numbers ?? (await loadEntryList(draw));
      setNumbers(list);
      setCheck(await verifyDraw({ ...draw, raffleId: draw.raffleId, publishedCommitment }, list));
    });

  const download = () => {
    if (!numbers) return;
    const blob = new Blob([canonicalEntryList(draw.raffleId, numbers)], { type: 'text/plain' });
    const url = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = url;
    link.download = `entry-list-${draw.raffleId}.txt`;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Stack spacing={2} alignItems="flex-start">
      <Stack direction="row" spacing={2} flexWrap="wrap" useFlexGap>
        <Button variant="contained" onClick={() => void verify()} disabled={busy}>
          {busy ? 'Verifying…' : 'Verify'}
        </Button>
        {numbers && (
          <Button variant="outlined" startIcon={<Download />} onClick={download}>
            Download the entry list
          </Button>
        )}
      </Stack>
      {error && <Alert severity="error">{error}</Alert>}
      {check && (
        <Stack spacing={1} data-testid="verification">
          <Alert severity={check.winnerMatches ? 'success' : 'error'}>
            {check.winnerMatches
              ? 'Verified: this browser repeated the draw and got the same winning ticket.'
              : 'This draw did not verify. Please contact us quoting this page.'}
          </Alert>
          <List dense>
            <Check
              ok={check.seedMatchesCommitment}
              label={
                check.comparedWithRaffle
                  ? 'The revealed seed matches the commitment published before the first entry'
                  : 'The revealed seed matches the commitment in this record (the raffle that ' +
                    'published it before the first entry is no longer public, so it could not ' +
                    'be compared)'
              }
            />
            <Check
              ok={check.entriesMatchHash}
              label={`The entry list (${formatCount(numbers?.length ?? 0)} tickets) matches the published hash`}
            />
            <Check
              ok={check.winnerMatches}
              label={
                check.recomputedWinningTicketNumber === null
                  ? 'Recomputed: no eligible entries, so no winner'
                  : `Recomputed winning ticket: #${check.recomputedWinningTicketNumber}`
              }
            />
          </List>
          <Typography variant="body2" color="text.secondary">
            You can repeat these steps with any SHA-256 tool using the seed, the hash and the
            downloaded entry list.
          </Typography>
        </Stack>
      )}
    </Stack>
  );
}
