import Bookmark from '@mui/icons-material/Bookmark';
import BookmarkBorder from '@mui/icons-material/BookmarkBorder';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';
import { VISUALLY_HIDDEN } from '@/components/visuallyHidden';
import { useSession } from '@/hooks/useSession';
import { useSavedRaffle } from '../api/useSavedRaffle';

const FAILURE_NOTE = {
  position: 'absolute',
  top: 44,
  right: 0,
  width: 160,
  p: 0.5,
  borderRadius: 1,
  boxShadow: 1,
  bgcolor: 'background.paper',
  color: 'error.main',
  typography: 'caption',
  textAlign: 'right',
} as const;

/**
 * The bookmark on a raffle card: signed-in customers save it to (or remove it from) Saved Raffles.
 * The hint is the browser's own `title` tooltip, not MUI's Tooltip: that would bring Popper.js
 * (about 10 KB gzipped) into every shopper's first load for one hover text. A failure is also
 * written under the button and announced to screen readers.
 */
export function SaveRaffleButton({
  raffleId,
  raffleName,
}: {
  raffleId: string;
  raffleName: string;
}) {
  const { user, dataUid } = useSession();
  const { ready, saved, toggle } = useSavedRaffle(raffleId, dataUid);
  const [busy, setBusy] = useState(false);
  // What failed: saving it, or taking it off Saved Raffles.
  const [failed, setFailed] = useState<'save' | 'remove' | null>(null);
  if (!user) return null;
  const hint = failed
    ? `Could not ${failed === 'save' ? 'save this raffle' : 'remove this raffle from Saved Raffles'}. Please try again.`
    : saved
      ? 'Saved'
      : 'Save for later';
  return (
    <Box component="span" title={hint} sx={{ position: 'absolute', top: 8, right: 8 }}>
      <IconButton
        aria-label={`Save ${raffleName}`}
        aria-pressed={saved}
        disabled={!ready || busy}
        onClick={() => {
          setBusy(true);
          setFailed(null);
          const attempted = saved ? 'remove' : 'save';
          toggle()
            .catch(() => setFailed(attempted))
            .finally(() => setBusy(false));
        }}
        sx={{
          bgcolor: 'background.paper',
          '&:hover': { bgcolor: 'background.paper' },
          '&.Mui-disabled': { bgcolor: 'background.paper' },
          boxShadow: 1,
        }}
      >
        {saved ? <Bookmark color="primary" /> : <BookmarkBorder />}
      </IconButton>
      {/* A failure is shown beside the button (the title needs a hover) and announced. */}
      <Box component="span" role="status" sx={failed ? FAILURE_NOTE : VISUALLY_HIDDEN}>
        {failed ? hint : ''}
      </Box>
    </Box>
  );
}
