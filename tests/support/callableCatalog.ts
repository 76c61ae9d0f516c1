/**
 * Every callable, for the fuzz suite: the domain schema it validates with, who may call it,
 * a valid sample input (mutated into bad ones, never sent as it is), and, where the input
 * names documents, a schema-valid input naming ids that do not exist or belong to somebody
 * else. tests/functions/fuzz.test.ts checks that this list equals the callables exported by
 * functions/src/index.ts, so a new callable cannot escape the fuzzer.
 */
import {
  DELETE_CONFIRMATION,
  addLibraryImageInput,
  addTestCardInput,
  addTicketsForUserInput,
  cancelRaffleInput,
  changePasswordInput,
  claimFreeEntriesInput,
  completePasswordResetInput,
  confirmEmailChangeInput,
  createManualEntryInput,
  deleteAccountInput,
  deleteAllNotificationsInput,
  deleteCarouselSlideInput,
  deleteCharityDonationInput,
  deleteLibraryImageInput,
  deleteOrderInput,
  deleteQuestionInput,
  deleteRaffleInput,
  deleteSupportMessageInput,
  deleteSupportTicketInput,
  deleteTicketInput,
  deleteWinnerInput,
  drawRaffleNowInput,
  ensureProfileInput,
  listUsersInput,
  markAllNotificationsReadInput,
  markSupportTicketReadInput,
  moveCarouselSlideInput,
  payWithTestCardInput,
  recordPostalEntryInput,
  removePaymentMethodInput,
  requestEmailChangeInput,
  requestPasswordResetInput,
  requestSignInLinkInput,
  resendConfirmationInput,
  revokeSessionsInput,
  saveCarouselSlideInput,
  saveCharityDonationInput,
  saveProfileInput,
  saveQuestionInput,
  saveRaffleInput,
  saveStripeCardInput,
  saveWinnerInput,
  sendNotificationInput,
  sendTestEmailInput,
  setCarouselSlideActiveInput,
  setDefaultPaymentMethodInput,
  setQuestionActiveInput,
  setRaffleActiveInput,
  setSpendLimitInput,
  setUserAdminInput,
  setUserBannedInput,
  signInWithUsernameInput,
  signUpInput,
  startCardSetupInput,
  startCheckoutInput,
  startPlayBreakInput,
  startTwoFactorEnrolmentInput,
  submitSupportTicketInput,
  twoFactorCodeInput,
  updateEmailSettingsInput,
  updatePersonalDetailsInput,
  updateSiteSettingsInput,
  updateTicketInput,
  updateUserProfileInput,
} from '@rafflewin/domain';

/**
 * Who a callable is for. `admin`: adminOnCall (the claim is checked before the input is read).
 * `customer`: signed-in accounts (checked after the input is parsed). `anyone`: guests too.
 */
export type Audience = 'admin' | 'customer' | 'anyone';

/** The kinds of document a fuzzed input can point at. */
export type IdKind =
  | 'raffle'
  | 'question'
  | 'order'
  | 'ticket'
  | 'session'
  | 'supportTicket'
  | 'supportMessage'
  | 'paymentMethod'
  | 'uid'
  | 'winner'
  | 'donation'
  | 'image'
  | 'slide'
  | 'oobCode'
  | 'setupIntent'
  | 'totpCode';

/** What the fuzzer needs of a domain zod schema (structural: tests may resolve another zod). */
export interface InputSchema {
  safeParse(value: unknown): { success: boolean };
}

export interface CallableSpec {
  schema: InputSchema;
  audience: Audience;
  /** A valid input; the fuzzer sends only mutations of it that the schema refuses. */
  sample: unknown;
  /** A valid input whose ids come from `id`: unknown ones, or (for non-admins) someone else's. */
  withIds?: (id: (kind: IdKind) => string) => unknown;
}

const ISO = '2026-01-01T12:00:00.000Z';
const IMAGE = 'https://example.com/prize.png';
const PASSWORD = 'Str0ng!pass';
const CARD = { cardNumber: '4242424242424242', expiry: '12/34', securityCode: '123' };
const SOCIAL = {
  facebook: 'https://facebook.com/rafflewin',
  twitter: '',
  instagram: '',
  linkedin: '',
  youtube: '',
  tiktok: '',
  website: '',
};
const SMTP = {
  host: 'smtp.example.com',
  port: 587,
  secure: false,
  user: 'mailer',
  password: null,
  fromAddress: 'shop@example.com',
  fromName: 'RaffleWin',
};
const RAFFLE = {
  raffleId: null,
  name: 'Fuzz raffle',
  description: 'A prize',
  imageUrl: IMAGE,
  category: 'cash',
  ticketPrice: 100,
  maxTickets: 100,
  maxTicketsPerUser: 10,
  startDate: ISO,
  endDate: '2027-01-01T12:00:00.000Z',
  onlineEntryText: 'Enter online',
  postalEntryText: 'Enter by post',
  closeOnSellOut: false,
};
const QUESTION = {
  questionId: null,
  text: 'Capital of the UK?',
  optionA: 'Leeds',
  optionB: 'London',
  optionC: 'Hull',
  correctAnswer: 'B',
  isActive: true,
};
const POSTAL = {
  receivedAt: ISO,
  firstName: 'Pat',
  lastName: 'Post',
  email: 'pat@example.com',
  phone: '+441234567890',
  address: '1 High Street',
  answer: null,
};

export const CALLABLES: Record<string, CallableSpec> = {
  // Checkout and payment.
  startCheckout: {
    schema: startCheckoutInput,
    audience: 'customer',
    sample: { items: [{ raffleId: 'r1', quantity: 1, answer: { questionId: 'q1', option: 'B' } }] },
    withIds: (id) => ({
      items: [{ raffleId: id('raffle'), quantity: 1, answer: { questionId: 'main', option: 'B' } }],
    }),
  },
  claimFreeEntries: {
    schema: claimFreeEntriesInput,
    audience: 'customer',
    sample: { sessionId: 's1' },
    withIds: (id) => ({ sessionId: id('session') }),
  },
  payWithTestCard: {
    schema: payWithTestCardInput,
    audience: 'customer',
    sample: { ...CARD, nameOnCard: 'Test Buyer', sessionId: 's1' },
    withIds: (id) => ({ ...CARD, nameOnCard: 'Test Buyer', sessionId: id('session') }),
  },
  setSpendLimit: {
    schema: setSpendLimitInput,
    audience: 'customer',
    sample: { monthlyLimit: 5000 },
  },
  startPlayBreak: { schema: startPlayBreakInput, audience: 'customer', sample: { period: '24h' } },

  // Contact form and support.
  submitSupportTicket: {
    schema: submitSupportTicketInput,
    audience: 'anyone',
    sample: {
      name: 'Fuzz',
      email: 'fuzz@example.com',
      subject: 'Hello',
      message: 'A question',
      complaint: false,
    },
  },
  markSupportTicketRead: {
    schema: markSupportTicketReadInput,
    audience: 'customer',
    sample: { ticketId: 't1' },
    withIds: (id) => ({ ticketId: id('supportTicket') }),
  },
  deleteSupportMessage: {
    schema: deleteSupportMessageInput,
    audience: 'admin',
    sample: { ticketId: 't1', messageId: 'm1' },
    withIds: (id) => ({ ticketId: id('supportTicket'), messageId: id('supportMessage') }),
  },
  deleteSupportTicket: {
    schema: deleteSupportTicketInput,
    audience: 'admin',
    sample: { ticketId: 't1' },
    withIds: (id) => ({ ticketId: id('supportTicket') }),
  },
  markAllNotificationsRead: {
    schema: markAllNotificationsReadInput,
    audience: 'customer',
    sample: {},
  },
  deleteAllNotifications: { schema: deleteAllNotificationsInput, audience: 'customer', sample: {} },
  sendNotification: {
    schema: sendNotificationInput,
    audience: 'admin',
    sample: { sendToAll: false, userId: 'u1', type: 'system', title: 'Hi', message: 'Hello' },
    withIds: (id) => ({
      sendToAll: false,
      userId: id('uid'),
      type: 'system',
      title: 'Hi',
      message: 'Hello',
    }),
  },

  // Content.
  saveWinner: {
    schema: saveWinnerInput,
    audience: 'admin',
    sample: {
      winnerId: null,
      raffleId: null,
      winnerName: 'Jane S.',
      prizeName: 'A car',
      ticketNumber: null,
      imageUrl: null,
      prizeImageUrl: null,
      prizeValue: null,
      announcementDate: ISO,
    },
    withIds: (id) => ({
      winnerId: id('winner'),
      raffleId: null,
      winnerName: 'Jane S.',
      prizeName: 'A car',
      ticketNumber: null,
      imageUrl: null,
      prizeImageUrl: null,
      prizeValue: null,
      announcementDate: ISO,
    }),
  },
  deleteWinner: {
    schema: deleteWinnerInput,
    audience: 'admin',
    sample: { winnerId: 'w1' },
    withIds: (id) => ({ winnerId: id('winner') }),
  },
  saveCharityDonation: {
    schema: saveCharityDonationInput,
    audience: 'admin',
    sample: {
      donationId: null,
      charityName: 'A charity',
      amount: 1000,
      date: ISO,
      description: 'Thanks',
      imageUrl: null,
    },
    withIds: (id) => ({
      donationId: id('donation'),
      charityName: 'A charity',
      amount: 1000,
      date: ISO,
      description: 'Thanks',
      imageUrl: null,
    }),
  },
  deleteCharityDonation: {
    schema: deleteCharityDonationInput,
    audience: 'admin',
    sample: { donationId: 'd1' },
    withIds: (id) => ({ donationId: id('donation') }),
  },
  addLibraryImage: {
    schema: addLibraryImageInput,
    audience: 'admin',
    sample: {
      name: 'Prize',
      url: IMAGE,
      storagePath: null,
      contentType: null,
      sizeBytes: null,
      metadata: null,
    },
  },
  deleteLibraryImage: {
    schema: deleteLibraryImageInput,
    audience: 'admin',
    sample: { imageId: 'i1' },
    withIds: (id) => ({ imageId: id('image') }),
  },
  saveCarouselSlide: {
    schema: saveCarouselSlideInput,
    audience: 'admin',
    sample: {
      slideId: null,
      title: 'Win',
      description: 'Big prizes',
      imageUrl: IMAGE,
      category: 'cash',
      buttonText: 'Enter',
      buttonLink: '/competitions',
      isActive: true,
    },
    withIds: (id) => ({
      slideId: id('slide'),
      title: 'Win',
      description: 'Big prizes',
      imageUrl: IMAGE,
      category: 'cash',
      buttonText: 'Enter',
      buttonLink: '/competitions',
      isActive: true,
    }),
  },
  setCarouselSlideActive: {
    schema: setCarouselSlideActiveInput,
    audience: 'admin',
    sample: { slideId: 's1', isActive: true },
    withIds: (id) => ({ slideId: id('slide'), isActive: false }),
  },
  moveCarouselSlide: {
    schema: moveCarouselSlideInput,
    audience: 'admin',
    sample: { slideId: 's1', direction: 'up' },
    withIds: (id) => ({ slideId: id('slide'), direction: 'down' }),
  },
  deleteCarouselSlide: {
    schema: deleteCarouselSlideInput,
    audience: 'admin',
    sample: { slideId: 's1' },
    withIds: (id) => ({ slideId: id('slide') }),
  },

  // Raffles, questions, draws.
  saveRaffle: {
    schema: saveRaffleInput,
    audience: 'admin',
    sample: RAFFLE,
    withIds: (id) => ({ ...RAFFLE, raffleId: id('raffle') }),
  },
  setRaffleActive: {
    schema: setRaffleActiveInput,
    audience: 'admin',
    sample: { raffleId: 'r1', active: true },
    withIds: (id) => ({ raffleId: id('raffle'), active: false }),
  },
  deleteRaffle: {
    schema: deleteRaffleInput,
    audience: 'admin',
    sample: { raffleId: 'r1' },
    withIds: (id) => ({ raffleId: id('raffle') }),
  },
  cancelRaffle: {
    schema: cancelRaffleInput,
    audience: 'admin',
    sample: { raffleId: 'r1' },
    withIds: (id) => ({ raffleId: id('raffle') }),
  },
  drawRaffleNow: {
    schema: drawRaffleNowInput,
    audience: 'admin',
    sample: { raffleId: 'r1' },
    withIds: (id) => ({ raffleId: id('raffle') }),
  },
  saveQuestion: {
    schema: saveQuestionInput,
    audience: 'admin',
    sample: { ...QUESTION, raffleId: 'r1' },
    withIds: (id) => ({ ...QUESTION, raffleId: id('raffle') }),
  },
  setQuestionActive: {
    schema: setQuestionActiveInput,
    audience: 'admin',
    sample: { raffleId: 'r1', questionId: 'q1', isActive: true },
    withIds: (id) => ({ raffleId: id('raffle'), questionId: id('question'), isActive: false }),
  },
  deleteQuestion: {
    schema: deleteQuestionInput,
    audience: 'admin',
    sample: { raffleId: 'r1', questionId: 'q1' },
    withIds: (id) => ({ raffleId: id('raffle'), questionId: id('question') }),
  },
  recordPostalEntry: {
    schema: recordPostalEntryInput,
    audience: 'admin',
    sample: { ...POSTAL, raffleId: 'r1' },
    withIds: (id) => ({ ...POSTAL, raffleId: id('raffle') }),
  },

  // Tickets and orders (back office).
  createManualEntry: {
    schema: createManualEntryInput,
    audience: 'admin',
    sample: { userId: 'u1', raffleId: 'r1', quantity: 1 },
    withIds: (id) => ({ userId: id('uid'), raffleId: id('raffle'), quantity: 1 }),
  },
  addTicketsForUser: {
    schema: addTicketsForUserInput,
    audience: 'admin',
    sample: { userId: 'u1', raffleId: 'r1', quantity: 1, minNumber: null },
    withIds: (id) => ({ userId: id('uid'), raffleId: id('raffle'), quantity: 1, minNumber: 5 }),
  },
  updateTicket: {
    schema: updateTicketInput,
    audience: 'admin',
    sample: { ticketId: 't1', ticketNumber: 7, purchaseDate: ISO },
    withIds: (id) => ({ ticketId: id('ticket'), ticketNumber: 7, purchaseDate: ISO }),
  },
  deleteTicket: {
    schema: deleteTicketInput,
    audience: 'admin',
    sample: { ticketId: 't1' },
    withIds: (id) => ({ ticketId: id('ticket') }),
  },
  deleteOrder: {
    schema: deleteOrderInput,
    audience: 'admin',
    sample: { orderId: 'o1' },
    withIds: (id) => ({ orderId: id('order') }),
  },

  // Users and settings (back office).
  listUsers: {
    schema: listUsersInput,
    audience: 'admin',
    sample: { search: '', searchBy: 'email', cursor: null },
  },
  updateUserProfile: {
    schema: updateUserProfileInput,
    audience: 'admin',
    sample: {
      uid: 'u1',
      username: null,
      firstName: 'Jane',
      lastName: 'Smith',
      phoneNumber: null,
      dateOfBirth: null,
    },
    withIds: (id) => ({
      uid: id('uid'),
      username: null,
      firstName: 'Jane',
      lastName: 'Smith',
      phoneNumber: null,
      dateOfBirth: null,
    }),
  },
  setUserAdmin: {
    schema: setUserAdminInput,
    audience: 'admin',
    sample: { uid: 'u1', admin: true },
    withIds: (id) => ({ uid: id('uid'), admin: true }),
  },
  setUserBanned: {
    schema: setUserBannedInput,
    audience: 'admin',
    sample: { uid: 'u1', banned: true, reason: 'Abuse' },
    withIds: (id) => ({ uid: id('uid'), banned: true, reason: 'Abuse' }),
  },
  updateSiteSettings: {
    schema: updateSiteSettingsInput,
    audience: 'admin',
    sample: { group: 'social', settings: SOCIAL },
  },
  updateEmailSettings: {
    schema: updateEmailSettingsInput,
    audience: 'admin',
    sample: { ...SMTP, clearPassword: false },
  },
  sendTestEmail: {
    schema: sendTestEmailInput,
    audience: 'admin',
    sample: { smtp: { ...SMTP, password: 'secret' }, to: 'admin@example.com' },
  },

  // The account area.
  ensureProfile: { schema: ensureProfileInput, audience: 'customer', sample: {} },
  saveProfile: {
    schema: saveProfileInput,
    audience: 'customer',
    sample: { username: 'fuzzy_user', bio: null },
  },
  updatePersonalDetails: {
    schema: updatePersonalDetailsInput,
    audience: 'customer',
    sample: { firstName: 'Jane', lastName: 'Smith', bio: null },
  },
  revokeSessions: { schema: revokeSessionsInput, audience: 'customer', sample: {} },
  deleteAccount: {
    schema: deleteAccountInput,
    audience: 'customer',
    sample: { confirmation: DELETE_CONFIRMATION },
  },
  startCardSetup: { schema: startCardSetupInput, audience: 'customer', sample: {} },
  saveStripeCard: {
    schema: saveStripeCardInput,
    audience: 'customer',
    sample: { setupIntentId: 'seti_123' },
    withIds: (id) => ({ setupIntentId: id('setupIntent') }),
  },
  addTestCard: { schema: addTestCardInput, audience: 'customer', sample: CARD },
  setDefaultPaymentMethod: {
    schema: setDefaultPaymentMethodInput,
    audience: 'customer',
    sample: { paymentMethodId: 'p1' },
    withIds: (id) => ({ paymentMethodId: id('paymentMethod') }),
  },
  removePaymentMethod: {
    schema: removePaymentMethodInput,
    audience: 'customer',
    sample: { paymentMethodId: 'p1' },
    withIds: (id) => ({ paymentMethodId: id('paymentMethod') }),
  },

  // Signing in and credentials.
  signUp: {
    schema: signUpInput,
    audience: 'anyone',
    sample: {
      firstName: 'Jane',
      lastName: 'Smith',
      email: 'jane@example.com',
      phoneNumber: '+441234567890',
      dateOfBirth: '1990-01-01',
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  },
  signInWithUsername: {
    schema: signInWithUsernameInput,
    audience: 'anyone',
    sample: { username: 'jane', password: PASSWORD },
  },
  requestSignInLink: {
    schema: requestSignInLinkInput,
    audience: 'anyone',
    sample: { email: 'jane@example.com', redirect: null },
  },
  resendConfirmation: {
    schema: resendConfirmationInput,
    audience: 'anyone',
    sample: { email: 'jane@example.com' },
  },
  requestPasswordReset: {
    schema: requestPasswordResetInput,
    audience: 'anyone',
    sample: { email: 'jane@example.com' },
  },
  completePasswordReset: {
    schema: completePasswordResetInput,
    audience: 'anyone',
    sample: { oobCode: 'abc', password: PASSWORD, confirmPassword: PASSWORD },
    withIds: (id) => ({ oobCode: id('oobCode'), password: PASSWORD, confirmPassword: PASSWORD }),
  },
  changePassword: {
    schema: changePasswordInput,
    audience: 'customer',
    sample: {
      currentPassword: PASSWORD,
      password: 'N3w!passw0rd',
      confirmPassword: 'N3w!passw0rd',
    },
  },
  requestEmailChange: {
    schema: requestEmailChangeInput,
    audience: 'customer',
    sample: { newEmail: 'new@example.com', currentPassword: PASSWORD },
  },
  confirmEmailChange: {
    schema: confirmEmailChangeInput,
    audience: 'anyone',
    sample: { oobCode: 'abc' },
    withIds: (id) => ({ oobCode: id('oobCode') }),
  },
  startTwoFactorEnrolment: {
    schema: startTwoFactorEnrolmentInput,
    audience: 'customer',
    sample: {},
  },
  confirmTwoFactorEnrolment: {
    schema: twoFactorCodeInput,
    audience: 'customer',
    sample: { code: '123456' },
    withIds: (id) => ({ code: id('totpCode') }),
  },
  disableTwoFactor: {
    schema: twoFactorCodeInput,
    audience: 'customer',
    sample: { code: '123456' },
    withIds: (id) => ({ code: id('totpCode') }),
  },
  verifyTwoFactor: {
    schema: twoFactorCodeInput,
    audience: 'customer',
    sample: { code: '123456' },
    withIds: (id) => ({ code: id('totpCode') }),
  },
};
