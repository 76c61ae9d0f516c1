import Close from '@mui/icons-material/Close';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import { PROMO_LIMITS, type RaffleSearchEntry } from '@rafflewin/domain';
import { useId, useState } from 'react';
import { RaffleSearchField } from '../../forms/RaffleSearchField';
import { useRaffleSearchEntry } from '../../forms/useRaffleSearch';

/** A raffle the code applies to, named (looked up when the form opened with it). */
function PickedRaffle({
  raffleId,
  knownName,
  onRemove,
}: {
  raffleId: string;
  knownName: string | undefined;
  onRemove: () => void;
}) {
  const [entry] = useRaffleSearchEntry(knownName ? null : raffleId);
  const name = knownName ?? entry?.name ?? raffleId;
  return (
    <ListItem
      disableGutters
      secondaryAction={
        <IconButton edge="end" size="small" aria-label={`Remove ${name}`} onClick={onRemove}>
          <Close fontSize="small" />
        </IconButton>
      }
    >
      <ListItemText primary={name} />
    </ListItem>
  );
}

/**
 * The raffles a code applies to (none: every raffle): each found by words of its name and
 * added to the list under the search, from which it can be removed.
 */
export function PromoRafflesField({
  value,
  onChange,
  error,
}: {
  value: string[];
  onChange: (raffleIds: string[]) => void;
  error?: string;
}) {
  const listLabel = useId();
  // Names of the raffles picked here (those the code already had are looked up).
  const [names, setNames] = useState<Record<string, string>>({});
  // A new search field after each pick, so it starts empty.
  const [picks, setPicks] = useState(0);
  const full = value.length >= PROMO_LIMITS.raffleIdsMax;

  const add = (raffle: RaffleSearchEntry | null) => {
    if (!raffle || value.includes(raffle.id) || full) return;
    setNames((known) => ({ ...known, [raffle.id]: raffle.name }));
    onChange([...value, raffle.id]);
    setPicks((n) => n + 1);
  };

  return (
    <Stack spacing={1}>
      <RaffleSearchField
        key={picks}
        value={null}
        onChange={add}
        label="Raffles (optional)"
        error={error}
        closedReason={(raffle) => (value.includes(raffle.id) ? 'already added' : null)}
        helperText={
          value.length === 0
            ? 'Applies to every raffle; search to limit it to some'
            : full
              ? `At most ${PROMO_LIMITS.raffleIdsMax} raffles`
              : 'Search to add another raffle'
        }
      />
      {value.length > 0 && (
        <>
          <FormHelperText id={listLabel} component="span">
            Applies only to:
          </FormHelperText>
          <List dense disablePadding aria-labelledby={listLabel}>
            {value.map((raffleId) => (
              <PickedRaffle
                key={raffleId}
                raffleId={raffleId}
                knownName={names[raffleId]}
                onRemove={() => onChange(value.filter((id) => id !== raffleId))}
              />
            ))}
          </List>
        </>
      )}
    </Stack>
  );
}
