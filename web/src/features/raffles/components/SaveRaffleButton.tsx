import Bookmark from '@mui/icons-material/Bookmark';
import BookmarkBorder from '@mui/icons-material/BookmarkBorder';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useSession } from '@/hooks/useSession';
import { useSavedRaffle } from '../api/useSavedRaffle';

/** The bookmark on a raffle card: signed-in customers save it to (or remove it from) Saved Raffles. */
export function SaveRaffleButton({
  raffleId,
  raffleName,
}: {
  raffleId: string;
  raffleName: string;
}) {
  const { user } = useSession();
  const { ready, saved, toggle } = useSavedRaffle(raffleId, user?.uid ?? null);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  if (!user) return null;
  return (
    <Tooltip
      title={
        failed
          ? 'Could not save this raffle. Please try again.'
          : saved
            ? 'Saved'
            : 'Save for later'
      }
    >
      <Box component="span" sx={{ position: 'absolute', top: 8, right: 8 }}>
        <IconButton
          aria-label={`Save ${raffleName}`}
          aria-pressed={saved}
          disabled={!ready || busy}
          onClick={() => {
            setBusy(true);
            setFailed(false);
            toggle()
              .catch(() => setFailed(true))
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
      </Box>
    </Tooltip>
  );
}
