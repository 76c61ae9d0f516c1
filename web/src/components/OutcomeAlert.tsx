import Alert from '@mui/material/Alert';
import type { Outcome } from '@/hooks/useOutcome';

/** A form's outcome (useOutcome), announced to screen readers: success or refusal. */
export function OutcomeAlert({ outcome }: { outcome: Outcome | null }) {
  if (!outcome) return null;
  return (
    <Alert severity={outcome.ok ? 'success' : 'error'} role="status">
      {outcome.message}
    </Alert>
  );
}
