import { WINNER_MESSAGES, type Winner } from '@rafflewin/domain';
import { call } from '@/lib/callables';
import { AddContentButton, ContentActions, type ContentKind, type OnDone } from './contentAdmin';
import { WinnerFormDialog } from './WinnerFormDialog';

const WINNERS: ContentKind<Winner> = {
  addLabel: 'Add Winner',
  addVariant: 'contained',
  compact: false,
  Form: ({ item, ...props }) => <WinnerFormDialog winner={item} {...props} />,
  nameOf: (winner) => winner.winnerName,
  deleteTitle: 'Delete winner',
  deleteQuestion: (winner) =>
    `Delete ${winner.winnerName} (${winner.prizeName})? This action cannot be undone.`,
  remove: (winner) => call('deleteWinner', { winnerId: winner.id }),
  // The draw's own winner (`winners/{raffleId}`) stays listed: the server refuses its delete.
  removable: (winner) => winner.id !== winner.raffleId,
  messages: WINNER_MESSAGES,
};

/** Add Winner, for administrators on /winners. */
export function AddWinnerButton({ onDone }: { onDone: OnDone }) {
  return <AddContentButton kind={WINNERS} onDone={onDone} />;
}

/** Edit and delete on a winner's card, for administrators. */
export function WinnerActions({ winner, onDone }: { winner: Winner; onDone: OnDone }) {
  return <ContentActions kind={WINNERS} item={winner} onDone={onDone} />;
}
