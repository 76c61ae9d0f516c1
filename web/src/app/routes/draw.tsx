import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  DRAW_ALGORITHM_STEPS,
  DRAW_PAGE_TEXTS,
  formatCount,
  formatDateTime,
  formatLongDate,
} from '@rafflewin/domain';
import Button from '@mui/material/Button';
import { Suspense, type ReactNode } from 'react';
import { useParams } from 'react-router';
import { PageLoading } from '@/components/layout/AppLayout';
import { PageTitle } from '@/components/PageTitle';
import { VISUALLY_HIDDEN } from '@/components/visuallyHidden';
import { useDraw } from '@/features/draws/api/useDraw';
import { DrawVerifier } from '@/features/draws/components/DrawVerifier';
import { useAction } from '@/hooks/useAction';
import { useSession } from '@/hooks/useSession';
import { call } from '@/lib/callables';
import { lazyExport } from '@/lib/lazyExport';

// Only for raffles that had instant prizes: the domain module that checks them builds zod
// schemas, which stay out of this page's first load.
const InstantPrizesCheck = lazyExport(
  () => import('@/features/draws/components/InstantPrizesCheck'),
  'InstantPrizesCheck',
);

/** Administrators can run a closed raffle's draw by hand (the same code as the schedule). */
function RunDrawButton({ raffleId }: { raffleId: string }) {
  const { busy, error, run } = useAction();
  return (
    <Stack spacing={1} alignItems="flex-start">
      <Button
        variant="outlined"
        onClick={() => void run(() => call('drawRaffleNow', { raffleId }))}
        disabled={busy}
      >
        {busy ? 'Drawing…' : 'Run the draw now'}
      </Button>
      {error && <Alert severity="warning">{error}</Alert>}
    </Stack>
  );
}

/** A long hex value that wraps instead of stretching the page. */
function Hex({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Box
      component="code"
      data-testid={testId}
      sx={{ wordBreak: 'break-all', fontFamily: 'monospace', fontSize: '0.9rem' }}
    >
      {children}
    </Box>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="subtitle2" color="text.secondary" component="h3">
        {label}
      </Typography>
      <Typography component="div">{children}</Typography>
    </Box>
  );
}

/**
 * /draws/{raffleId}: a raffle's draw, public. Before the draw it shows the commitment to the
 * secret seed; afterwards the seed, the frozen entry list's hash and size, the winner, the
 * method in words, and a Verify button that repeats the draw in the browser; for a raffle with
 * instant prizes, the revealed list and whether it matches the fingerprint published before sales.
 */
export default function DrawPage() {
  const { raffleId = '' } = useParams();
  const { status, raffle, draw } = useDraw(raffleId);
  // The raffle's, published before sales, where it can still be read; otherwise the copy kept
  // with the draw (a switched-off raffle is not public).
  const instantCommitment = raffle?.instantWinCommitment ?? draw?.instantWinCommitment ?? null;
  const { isAdmin } = useSession();
  if (status === 'loading') return <PageLoading />;
  const name = draw?.raffleName ?? raffle?.name;
  if (status === 'error' || !name) {
    return <Alert severity="error">This draw was not found.</Alert>;
  }
  const commitment = draw?.commitment ?? raffle?.drawCommitment ?? null;
  return (
    <Stack spacing={4}>
      <PageTitle title={`Draw: ${name}`} />
      <div>
        <Typography variant="h3" component="h1" gutterBottom>
          {name}
        </Typography>
        <Typography color="text.secondary">The draw, published so anyone can check it.</Typography>
      </div>

      <Paper sx={{ p: { xs: 2, md: 4 } }}>
        <Stack spacing={2}>
          {/* The facts below are h3s; drawn, the winner is their h2. */}
          {draw?.status !== 'drawn' && (
            <Typography component="h2" sx={VISUALLY_HIDDEN}>
              The draw's record
            </Typography>
          )}
          {draw?.status === 'drawn' && (
            <Box>
              <Chip color="success" label="Drawn" sx={{ mb: 1 }} />
              <Typography variant="h5" component="h2" data-testid="winner">
                Winning ticket #{draw.winningTicketNumber}: {draw.winnerName}
              </Typography>
              <Typography color="text.secondary">Drawn {formatDateTime(draw.drawnAt)}</Typography>
            </Box>
          )}
          {draw?.status === 'no-entries' && (
            <Alert severity="info">{DRAW_PAGE_TEXTS.noEligibleEntries}</Alert>
          )}
          {!draw && raffle?.drawStatus === 'cancelled' && (
            <Alert severity="warning">
              {raffle.soldTickets > 0 ? DRAW_PAGE_TEXTS.cancelled : DRAW_PAGE_TEXTS.cancelledUnsold}
            </Alert>
          )}
          {!draw && raffle && raffle.drawStatus !== 'cancelled' && (
            <Alert severity="info">
              Not drawn yet. Entries close {formatLongDate(raffle.endDate)}
              {raffle.closeOnSellOut ? ', or sooner if every ticket sells' : ''}; the draw runs
              automatically within minutes of the close.
            </Alert>
          )}
          {!draw && raffle?.drawStatus === 'pending' && isAdmin && (
            <RunDrawButton raffleId={raffleId} />
          )}
          <Fact label="Commitment (SHA-256 of the secret seed, published when the raffle went live)">
            {commitment ? <Hex testId="commitment">{commitment}</Hex> : 'Not published yet'}
          </Fact>
          {draw && (
            <>
              <Fact label="Revealed seed">
                <Hex testId="seed">{draw.seed}</Hex>
              </Fact>
              <Fact label="Entry list hash (SHA-256)">
                <Hex testId="entries-hash">{draw.entriesHash}</Hex>
              </Fact>
              <Fact label="Eligible entries">
                <span data-testid="eligible-count">{formatCount(draw.eligibleCount)}</span>
                {draw.excludedWrongAnswer + draw.excludedStaff > 0 &&
                  ` (left out: ${draw.excludedWrongAnswer} with a wrong answer, ${draw.excludedStaff} issued to staff)`}
              </Fact>
              <Fact label="Entries frozen">{formatDateTime(draw.closedAt)}</Fact>
            </>
          )}
        </Stack>
      </Paper>

      {draw && (
        <Paper sx={{ p: { xs: 2, md: 4 } }} component="section" aria-labelledby="verify-heading">
          <Typography id="verify-heading" variant="h5" component="h2" gutterBottom>
            Check it yourself
          </Typography>
          <DrawVerifier draw={draw} publishedCommitment={raffle?.drawCommitment ?? null} />
        </Paper>
      )}

      {draw?.instantWinReveal && (
        <Paper sx={{ p: { xs: 2, md: 4 } }} component="section" aria-labelledby="instant-heading">
          <Stack spacing={2}>
            <div>
              <Typography id="instant-heading" variant="h5" component="h2" gutterBottom>
                Instant prizes
              </Typography>
              <Typography color="text.secondary">
                Set on these ticket numbers before the first ticket was sold. Their fingerprint was
                published then; the draw revealed the numbers and the salt.
              </Typography>
            </div>
            <Suspense fallback={null}>
              <InstantPrizesCheck
                raffleId={draw.raffleId}
                reveal={draw.instantWinReveal}
                commitment={instantCommitment}
              />
            </Suspense>
            <Fact label="Fingerprint (SHA-256 of the instant prizes, published before sales)">
              {instantCommitment ? (
                <Hex testId="instant-commitment">{instantCommitment}</Hex>
              ) : (
                'Not available'
              )}
            </Fact>
            <Fact label="Revealed salt">
              <Hex testId="instant-salt">{draw.instantWinReveal.salt}</Hex>
            </Fact>
          </Stack>
        </Paper>
      )}

      <Paper sx={{ p: { xs: 2, md: 4 } }} component="section" aria-labelledby="method-heading">
        <Typography id="method-heading" variant="h5" component="h2" gutterBottom>
          How the winner is chosen
        </Typography>
        <Box component="ol" sx={{ pl: 3, m: 0 }}>
          {DRAW_ALGORITHM_STEPS.map((step) => (
            <Typography component="li" key={step} sx={{ mb: 1 }}>
              {step}
            </Typography>
          ))}
        </Box>
        <Typography variant="body2" color="text.secondary">
          Method: {draw?.algorithm ?? 'rafflewin-draw-v1'}. Free postal entries go into the same
          list as paid ones and have exactly the same chance.
        </Typography>
      </Paper>
    </Stack>
  );
}
