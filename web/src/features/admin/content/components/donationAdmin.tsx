import { DONATION_MESSAGES, type CharityDonation } from '@rafflewin/domain';
import { call } from '@/lib/callables';
import { AddContentButton, ContentActions, type ContentKind, type OnDone } from './contentAdmin';
import { DonationFormDialog } from './DonationFormDialog';

const DONATIONS: ContentKind<CharityDonation> = {
  addLabel: 'Add Donation',
  addVariant: 'outlined',
  compact: true,
  Form: ({ item, ...props }) => <DonationFormDialog donation={item} {...props} />,
  nameOf: (donation) => donation.charityName,
  deleteTitle: 'Delete donation',
  deleteQuestion: (donation) =>
    `Delete the donation to ${donation.charityName}? This action cannot be undone.`,
  remove: (donation) => call('deleteCharityDonation', { donationId: donation.id }),
  messages: DONATION_MESSAGES,
};

/** Add Donation, for administrators on /charity. */
export function AddDonationButton({ onDone }: { onDone: OnDone }) {
  return <AddContentButton kind={DONATIONS} onDone={onDone} />;
}

/** Edit and delete beside a donation, for administrators. */
export function DonationActions({
  donation,
  onDone,
}: {
  donation: CharityDonation;
  onDone: OnDone;
}) {
  return <ContentActions kind={DONATIONS} item={donation} onDone={onDone} />;
}
