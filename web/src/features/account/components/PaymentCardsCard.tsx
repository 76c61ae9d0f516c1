import CreditCard from '@mui/icons-material/CreditCard';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ACCOUNT_MESSAGES,
  CARD_SETUP_PARAM,
  MAX_PAYMENT_METHODS,
  type PaymentMethod,
} from '@rafflewin/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ConfirmDialog } from '@/components/ConfirmDialog';
import { FlashMessage } from '@/components/FlashMessage';
import { useShownAgain } from '@/hooks/useShownAgain';
import { call } from '@/lib/callables';
import { toUserMessage } from '@/lib/errors';
import { usePaymentMethods } from '../api/usePaymentMethods';
import { AccountCard } from './AccountCard';

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  diners: 'Diners Club',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

export function cardLabel(card: PaymentMethod): string {
  const brand = BRANDS[card.brand] ?? card.brand.toUpperCase();
  const funding = card.funding === 'unknown' ? '' : ` ${card.funding}`;
  return `${brand}${funding} ending ${card.last4}`;
}

const expiry = (card: PaymentMethod) =>
  `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`;

/**
 * The card set-up Stripe's page returned from (`?card_setup=cs_…`): recorded once by the
 * server, which reads the card from Stripe; the parameter then leaves the address.
 */
function useReturnedCardSetup(onSaved: () => void, onFailed: (message: string) => void) {
  const [params, setParams] = useSearchParams();
  const setupSessionId = params.get(CARD_SETUP_PARAM);
  const [saving, setSaving] = useState(false);
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!setupSessionId || handled.current === setupSessionId) return;
    handled.current = setupSessionId;
    setSaving(true);
    call('saveStripeCard', { setupSessionId })
      .then(onSaved, (error: unknown) =>
        onFailed(toUserMessage(error, ACCOUNT_MESSAGES.addCardFailed)),
      )
      .finally(() => {
        setSaving(false);
        setParams(
          (current) => {
            current.delete(CARD_SETUP_PARAM);
            return current;
          },
          { replace: true },
        );
      });
  }, [setupSessionId, onSaved, onFailed, setParams]);
  return saving;
}

/**
 * Saved cards: added on Stripe's hosted set-up page (the number never reaches the shop);
 * exactly one is the default (the first added; making another the default unsets it), remove
 * with a confirmation. The server writes every change.
 */
export function PaymentCardsCard({ uid }: { uid: string }) {
  const { status, cards } = usePaymentMethods(uid);
  const [starting, setStarting] = useState(false);
  useShownAgain(useCallback(() => setStarting(false), []));
  const [busyId, setBusyId] = useState<string | null>(null);
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [flash, setFlash] = useState<string | null>(null);

  const startAdding = async () => {
    setStarting(true);
    setFailure(null);
    try {
      const { url } = await call('startCardSetup', {});
      window.location.assign(url);
    } catch (error) {
      setFailure(toUserMessage(error, ACCOUNT_MESSAGES.addCardFailed));
      setStarting(false);
    }
  };
  const saving = useReturnedCardSetup(
    useCallback(() => setFlash(ACCOUNT_MESSAGES.cardAdded), []),
    useCallback((message: string) => setFailure(message), []),
  );

  const makeDefault = async (card: PaymentMethod) => {
    setBusyId(card.id);
    setFailure(null);
    try {
      await call('setDefaultPaymentMethod', { paymentMethodId: card.id });
      setFlash(ACCOUNT_MESSAGES.defaultCardSet);
    } catch (error) {
      setFailure(toUserMessage(error, ACCOUNT_MESSAGES.setDefaultCardFailed));
    } finally {
      setBusyId(null);
    }
  };

  const remove = async (card: PaymentMethod) => {
    setBusyId(card.id);
    setFailure(null);
    try {
      await call('removePaymentMethod', { paymentMethodId: card.id });
      setFlash(ACCOUNT_MESSAGES.cardRemoved);
    } catch (error) {
      setFailure(toUserMessage(error, ACCOUNT_MESSAGES.removeCardFailed));
    } finally {
      setBusyId(null);
      setRemoving(null);
    }
  };

  return (
    <AccountCard
      title="Payment Cards"
      description="Cards saved for quicker checkout. We keep only the brand, last four digits and expiry; the card itself stays with our payment provider."
    >
      {failure && <Alert severity="error">{failure}</Alert>}
      {status === 'loading' && <CircularProgress size={24} aria-label="Loading your cards" />}
      {saving && <CircularProgress size={24} aria-label="Saving your card" />}
      {status === 'error' && <Alert severity="error">{ACCOUNT_MESSAGES.fetchCardsFailed}</Alert>}
      {status === 'success' && cards.length === 0 && (
        <Typography color="text.secondary">You have no saved cards.</Typography>
      )}
      {cards.length > 0 && (
        <List disablePadding aria-label="Saved cards">
          {cards.map((card) => (
            <ListItem
              key={card.id}
              data-testid="payment-card"
              divider
              disableGutters
              sx={{ flexWrap: 'wrap', gap: 1 }}
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <CreditCard aria-hidden />
              </ListItemIcon>
              <ListItemText primary={cardLabel(card)} secondary={`Expires ${expiry(card)}`} />
              {card.isDefault && <Chip label="Default" color="primary" size="small" />}
              <Stack direction="row" spacing={1}>
                {!card.isDefault && (
                  <Button
                    size="small"
                    onClick={() => void makeDefault(card)}
                    disabled={busyId !== null}
                    aria-label={`Make ${cardLabel(card)} the default`}
                  >
                    Make Default
                  </Button>
                )}
                <Button
                  size="small"
                  color="error"
                  onClick={() => setRemoving(card)}
                  disabled={busyId !== null}
                  aria-label={`Remove ${cardLabel(card)}`}
                >
                  Remove
                </Button>
              </Stack>
            </ListItem>
          ))}
        </List>
      )}
      <Button
        variant="outlined"
        onClick={() => void startAdding()}
        disabled={starting || saving || cards.length >= MAX_PAYMENT_METHODS || status !== 'success'}
        sx={{ alignSelf: 'flex-start' }}
      >
        {starting ? 'Please wait…' : 'Add Card'}
      </Button>
      {removing && (
        <ConfirmDialog
          title="Remove this card?"
          message={`${cardLabel(removing)} will no longer be saved to your account.`}
          confirmLabel="Remove"
          busy={busyId === removing.id}
          onConfirm={() => void remove(removing)}
          onCancel={() => setRemoving(null)}
        />
      )}
      <FlashMessage message={flash} onClose={() => setFlash(null)} />
    </AccountCard>
  );
}
