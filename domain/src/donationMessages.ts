import { changedSinceOpened } from './editConflicts';

/** The donation form's messages. */
export const DONATION_MESSAGES = {
  required: 'Charity name, amount, and date are required',
  amountInvalid: 'Amount must be 0 or more, such as 250.00',
  descriptionRequired: 'Description is required',
  added: 'Donation added successfully',
  updated: 'Donation updated successfully',
  deleted: 'Donation deleted successfully',
  loadFailed: 'Failed to load donations',
  saveFailed: 'Failed to save donation',
  deleteFailed: 'Failed to delete donation',
  notFound: 'This donation no longer exists',
  /** An edit made over a change saved since the form was filled (another tab or administrator). */
  changedSinceOpened: changedSinceOpened('This donation'),
} as const;
