/**
 * Where the shop's documents live. Kept apart from their schemas (and zod) so that the first
 * screen can name the documents it reads without loading the schemas that parse them (they
 * come with the Firestore SDK, after the first paint).
 */

export const usersCollection = 'users';
export const userPath = (uid: string) => `${usersCollection}/${uid}`;
/** The single settings document of a user. */
export const userSettingsPath = (uid: string) => `${userPath(uid)}/settings/preferences`;
export const notificationsPath = (uid: string) => `${userPath(uid)}/notifications`;
export const savedRafflesCollection = 'savedRaffles';
export const savedRafflesPath = (uid: string) => `${userPath(uid)}/${savedRafflesCollection}`;
/**
 * `users/{uid}/endingSoonSent/{raffleId}`: the customer was told the saved raffle is ending
 * soon (functions only). Kept apart from the notice, which the customer may delete.
 */
export const endingSoonSentPath = (uid: string, raffleId: string) =>
  `${userPath(uid)}/endingSoonSent/${raffleId}`;
export const paymentMethodsPath = (uid: string) => `${userPath(uid)}/paymentMethods`;
export const devicesCollection = 'devices';
export const devicesPath = (uid: string) => `${userPath(uid)}/${devicesCollection}`;

/**
 * `users/{uid}/twoFactorSessions/{key}`: one sign-in verified with a code, keyed by
 * `twoFactorSessionKey` (the token's `auth_time` or its session claim). The owner reads it
 * (the route guard); functions write it; the rules and `requireCustomer` accept the sign-in
 * while it is unexpired.
 */
export const twoFactorSessionsPath = (uid: string) => `${userPath(uid)}/twoFactorSessions`;
export const twoFactorSessionPath = (uid: string, key: number | string) =>
  `${twoFactorSessionsPath(uid)}/${key}`;

/**
 * `users/{uid}/signInDevices/{sha256(token)}`: browsers that completed a sign-in to the account.
 * A password from one of them is counted apart from everyone else's (see `SIGN_IN_DEVICES`).
 * Functions only.
 */
export const signInDevicesPath = (uid: string) => `${userPath(uid)}/signInDevices`;

export const rafflesCollection = 'raffles';
export const rafflePath = (raffleId: string) => `${rafflesCollection}/${raffleId}`;
export const shardsPath = (raffleId: string) => `${rafflePath(raffleId)}/shards`;
export const holdersPath = (raffleId: string) => `${rafflePath(raffleId)}/holders`;
export const questionsPath = (raffleId: string) => `${rafflePath(raffleId)}/questions`;
export const entriesPath = (raffleId: string) => `${rafflePath(raffleId)}/entries`;
/**
 * `raffles/{raffleId}/refundsTold/{orderId}`: a cancelled raffle's refund of that order has been
 * told to its customer (functions only), so a cancellation run again tells only what is new.
 */
export const refundsToldPath = (raffleId: string) => `${rafflePath(raffleId)}/refundsTold`;

export const cartsCollection = 'carts';
export const cartPath = (uid: string) => `${cartsCollection}/${uid}`;

export const carouselSlidesCollection = 'carouselSlides';
export const winnersCollection = 'winners';
export const charityDonationsCollection = 'charityDonations';

/**
 * `emailChanges/{uid}`: the e-mail change the shop itself asked for (after the password), as a
 * SHA-256 of its link's code and the new address. Functions only: confirmEmailChange applies
 * no other code, so a change asked of Firebase Auth's API directly never reaches the profile.
 */
export const emailChangesCollection = 'emailChanges';

export const SITE_SETTINGS_PATH = 'settings/site';
export const SOCIAL_SETTINGS_PATH = 'settings/social';

/** `draws/{raffleId}`: a raffle's published draw, readable by everyone. */
export const drawsCollection = 'draws';
export const drawEntryListPath = (raffleId: string) => `${drawsCollection}/${raffleId}/entryList`;

/**
 * An entry-list chunk's id: the list's hash and the chunk's index. The published record names
 * its hash, so the list it points to is always the one it was drawn from, even when two runs
 * of the same draw raced and only one record was written.
 */
export const drawEntryChunkId = (entriesHash: string, index: number) => `${entriesHash}-${index}`;

/**
 * Ticket ids are derived from the raffle and the number, so a retried fulfilment writes the
 * same documents again instead of new ones.
 */
export const ticketId = (raffleId: string, ticketNumber: number) => `${raffleId}_${ticketNumber}`;
