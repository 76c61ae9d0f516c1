import Alert from '@mui/material/Alert';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  CREDIT_CARD_MONTHLY_CAP_PENCE,
  PROTECTION_MESSAGES,
  effectiveLimit,
  formatLongDateTime,
  formatPence,
} from '@rafflewin/domain';
import { useState } from 'react';
import { PlayBreakCard } from '@/features/protection/components/PlayBreakCard';
import { SpendLimitForm } from '@/features/protection/components/SpendLimitForm';
import { useProtection, useSpentThisMonth } from '@/features/protection/api/useProtection';
import { useClockAt } from '@/hooks/useClockAt';
import { useSession } from '@/hooks/useSession';
import { BulletList, ExternalLink, PageLink, Section, StaticPage } from './static';
import { paths } from '@/config/paths';

/** The signed-in customer's own limit, spending and break. */
function MyLimits({ uid }: { uid: string }) {
  const { status, protection } = useProtection(uid);
  const [saved, setSaved] = useState<string | null>(null);
  // Counted once more after each save that succeeded (not when the next one is tried).
  const [saves, setSaves] = useState(0);
  const spent = useSpentThisMonth(status === 'success' && protection.limitChosenAt !== null, saves);
  const raise = protection.pendingRaise;
  // The page turns when a raise takes effect or a break ends, as checkout then counts them.
  const now = useClockAt(
    [raise?.from, protection.breakUntil].flatMap((at) => (at ? [at.getTime()] : [])),
  );
  if (status === 'loading') return null;
  // Never the defaults in place of the customer's own limits: a break would read as none.
  if (status === 'error') return <Alert severity="error">{PROTECTION_MESSAGES.loadFailed}</Alert>;
  const limit = effectiveLimit(protection, now);
  return (
    <>
      <Section title="Your monthly spending limit" id="limit">
        {protection.limitChosenAt === null ? (
          <Typography>
            You have not set a limit yet; you will be asked before your first purchase.
          </Typography>
        ) : (
          <Typography data-testid="current-limit">
            Your limit: <strong>{limit === null ? 'no limit' : formatPence(limit)}</strong> a month
            {spent !== null && <> · spent this month: {formatPence(spent)}</>}
          </Typography>
        )}
        {raise && raise.from > now && (
          <Alert severity="info">
            Your higher limit ({raise.limit === null ? 'no limit' : formatPence(raise.limit)})
            applies from {formatLongDateTime(raise.from)}.
          </Alert>
        )}
        {saved && <Alert severity="success">{saved}</Alert>}
        <Paper variant="outlined" sx={{ p: 2, maxWidth: 420 }}>
          <SpendLimitForm
            current={limit}
            onSaved={(message) => {
              setSaved(message);
              setSaves((count) => count + 1);
            }}
            onTry={() => setSaved(null)}
          />
        </Paper>
      </Section>
      <Section title="Take a break" id="break">
        <PlayBreakCard protection={protection} now={now} />
      </Section>
    </>
  );
}

/** Responsible play: how we protect players, their own controls, and where to find help. */
export default function ResponsiblePlayPage() {
  const { dataUid } = useSession();
  return (
    <StaticPage title="Responsible Play">
      <Typography>
        Prize draws should be fun. Set yourself a budget, never spend more than you can afford, and
        stop if it stops being fun. Entrants must be 18 or over.
      </Typography>
      {dataUid ? (
        <MyLimits uid={dataUid} />
      ) : (
        <Typography>
          <PageLink to={`${paths.auth}?redirect=${encodeURIComponent(paths.responsiblePlay)}`}>
            Sign in
          </PageLink>{' '}
          to set your monthly spending limit or take a break from play.
        </Typography>
      )}
      <Section title="How we help">
        <BulletList
          items={[
            'A monthly spending limit, chosen before your first purchase (it can be £0).',
            'Breaks from play of 24 hours, 7 days, 30 days, 6 months or permanently.',
            `Credit card spending capped at ${formatPence(CREDIT_CARD_MONTHLY_CAP_PENCE)} a month.`,
            'An age check at every checkout.',
          ]}
        />
      </Section>
      <Section title="Free, confidential support">
        <BulletList
          items={[
            <>
              National Gambling Helpline (GamCare): 0808 8020 133, free, 24 hours a day, or{' '}
              <ExternalLink href="https://www.gamcare.org.uk/">gamcare.org.uk</ExternalLink>
            </>,
            <>
              GambleAware:{' '}
              <ExternalLink href="https://www.gambleaware.org/">gambleaware.org</ExternalLink>
            </>,
            <>
              Gamblers Anonymous UK:{' '}
              <ExternalLink href="https://www.gamblersanonymous.org.uk/">
                gamblersanonymous.org.uk
              </ExternalLink>
            </>,
            <>
              GAMSTOP (self-exclusion from online gambling):{' '}
              <ExternalLink href="https://www.gamstop.co.uk/">gamstop.co.uk</ExternalLink>
            </>,
            'Samaritans, if you are struggling: 116 123, free, 24 hours a day.',
          ]}
        />
      </Section>
    </StaticPage>
  );
}
