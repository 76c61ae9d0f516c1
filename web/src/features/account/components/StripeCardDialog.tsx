import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { ACCOUNT_MESSAGES } from '@rafflewin/domain';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { useEffect, useRef, useState } from 'react';
import { FormDialog } from '@/components/FormDialog';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';

/**
 * Adding a card with Stripe (STRIPE_SECRET_KEY set): Stripe's Payment Element collects the
 * card in Stripe's own frame, the SetupIntent is confirmed with Stripe's client library, then
 * the server records the card it reads back from Stripe. This module and Stripe's library are
 * loaded only here.
 */
export default function StripeCardDialog({
  clientSecret,
  publishableKey,
  onClose,
  onAdded,
}: {
  clientSecret: string;
  publishableKey: string;
  onClose: () => void;
  onAdded: () => void;
}) {
  const mount = useRef<HTMLDivElement | null>(null);
  const [stripe, setStripe] = useState<{ client: Stripe; elements: StripeElements } | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    let unmount: (() => void) | null = null;
    import('@stripe/stripe-js')
      .then(({ loadStripe }) => loadStripe(publishableKey))
      .then((client) => {
        if (!live || !client || !mount.current) return;
        const elements = client.elements({ clientSecret });
        const element = elements.create('payment');
        element.mount(mount.current);
        unmount = () => element.destroy();
        setStripe({ client, elements });
      })
      .catch(() => live && setFailure(ACCOUNT_MESSAGES.addCardFailed));
    return () => {
      live = false;
      unmount?.();
    };
  }, [clientSecret, publishableKey]);

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!stripe) return;
    setBusy(true);
    setFailure(null);
    try {
      const { error, setupIntent } = await stripe.client.confirmSetup({
        elements: stripe.elements,
        redirect: 'if_required',
      });
      if (error || !setupIntent) throw new Error(error?.message ?? ACCOUNT_MESSAGES.addCardFailed);
      await call('saveStripeCard', { setupIntentId: setupIntent.id });
      onAdded();
    } catch (error) {
      setFailure(
        error instanceof Error && !('code' in error)
          ? error.message
          : toUserMessage(error, ACCOUNT_MESSAGES.addCardFailed),
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormDialog
      title="Add a Card"
      submitLabel="Save Card"
      busy={busy || !stripe}
      error={failure}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      {!stripe && !failure && <CircularProgress size={24} aria-label="Loading the card form" />}
      <Box ref={mount} />
      {failure === null && stripe === null ? null : (
        <Alert severity="info">Your card details go straight to Stripe; we never see them.</Alert>
      )}
    </FormDialog>
  );
}
