/**
 * Test data for the fuzz suite, by callable: a valid sample input (mutated into bad ones, never
 * sent as it is), and, where the input names documents, a schema-valid input naming ids that
 * do not exist or belong to somebody else. Typed by the registry, so every callable must have
 * an entry; its schema and who may call it come from its contract (domain/src/callables).
 */
import { DELETE_CONFIRMATION, type CallableName } from '@rafflewin/domain';

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
  | 'device'
  | 'uid'
  | 'winner'
  | 'donation'
  | 'image'
  | 'slide'
  | 'oobCode'
  | 'setupSession'
  | 'totpCode';

/** What the fuzzer sends a callable (its schema and access come from its contract). */
export interface FuzzSample {
  /** A valid input; the fuzzer sends only mutations of it that the schema refuses. */
  sample: unknown;
  /** A valid input whose ids come from `id`: unknown ones, or (for non-admins) someone else's. */
  withIds?: (id: (kind: IdKind) => string) => unknown;
}

const ISO = '2026-01-01T12:00:00.000Z';
const IMAGE = 'https://example.com/prize.png';
const PASSWORD = 'Str0ng!pass';
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

const PROMO = {
  create: true,
  code: 'SPRING-10',
  kind: 'percent',
  value: 10,
  startsAt: null,
  endsAt: ISO,
  maxUses: 100,
  maxUsesPerCustomer: 1,
  minSpend: 500,
  raffleIds: ['r1'],
  active: true,
};

export const FUZZ_SAMPLES: { readonly [N in CallableName]: FuzzSample } = {
  // Checkout and payment.
  startCheckout: {
    sample: { items: [{ raffleId: 'r1', quantity: 1, answer: { questionId: 'q1', option: 'B' } }] },
    withIds: (id) => ({
      items: [{ raffleId: id('raffle'), quantity: 1, answer: { questionId: 'main', option: 'B' } }],
    }),
  },
  saveInstantPrizes: {
    sample: {
      raffleId: 'r1',
      prizes: [{ ticketNumber: 7, name: 'A £50 voucher', cashAlternative: 4500 }],
    },
    withIds: (id) => ({
      raffleId: id('raffle'),
      prizes: [{ ticketNumber: 7, name: 'A £50 voucher', cashAlternative: 4500 }],
    }),
  },
  chooseInstantWinPayout: { sample: { winId: 'r1_7', payout: 'credit' } },
  luckyDip: {
    sample: { raffleId: 'r1', quantity: 3, keep: [7] },
    withIds: (id) => ({ raffleId: id('raffle'), quantity: 3, keep: [7] }),
  },
  // No ids case: a raffle whose list is not public is left out of the answer, not refused
  // (tests/functions/entryList.test.ts).
  countEntries: { sample: { raffleIds: ['r1', 'r2'] } },
  locateEntry: {
    sample: { raffleId: 'r1', rank: 20 },
    withIds: (id) => ({ raffleId: id('raffle'), rank: 20 }),
  },
  checkPromoCode: {
    sample: { code: 'SPRING-10', items: [{ raffleId: 'r1', quantity: 1 }] },
    withIds: (id) => ({ code: 'SPRING-10', items: [{ raffleId: id('raffle'), quantity: 1 }] }),
  },
  savePromoCode: {
    sample: PROMO,
    withIds: (id) => ({ ...PROMO, raffleIds: [id('raffle')] }),
  },
  setPromoCodeActive: { sample: { code: 'SPRING-10', active: false } },
  claimFreeEntries: {
    sample: { sessionId: 's1' },
    withIds: (id) => ({ sessionId: id('session') }),
  },
  refundOrder: {
    sample: { orderId: 'o1' },
    withIds: (id) => ({ orderId: id('order') }),
  },
  cancelCheckout: {
    sample: { sessionId: 's1' },
    withIds: (id) => ({ sessionId: id('session') }),
  },
  setSpendLimit: {
    sample: { monthlyLimit: 5000 },
  },
  startPlayBreak: { sample: { period: '24h' } },

  // Contact form and support.
  submitSupportTicket: {
    sample: {
      name: 'Fuzz',
      email: 'fuzz@example.com',
      subject: 'Hello',
      message: 'A question',
      complaint: false,
    },
  },
  markSupportTicketRead: {
    sample: { ticketId: 't1' },
    withIds: (id) => ({ ticketId: id('supportTicket') }),
  },
  deleteSupportMessage: {
    sample: { ticketId: 't1', messageId: 'm1' },
    withIds: (id) => ({ ticketId: id('supportTicket'), messageId: id('supportMessage') }),
  },
  deleteSupportTicket: {
    sample: { ticketId: 't1' },
    withIds: (id) => ({ ticketId: id('supportTicket') }),
  },
  replyToSupportTicket: {
    sample: { ticketId: 't1', message: 'We are looking into it.' },
    withIds: (id) => ({ ticketId: id('supportTicket'), message: 'We are looking into it.' }),
  },
  sendSupportMessage: {
    sample: { ticketId: 't1', message: 'Any news on my order?' },
    withIds: (id) => ({ ticketId: id('supportTicket'), message: 'Any news on my order?' }),
  },
  setSupportTicketClosed: {
    sample: { ticketId: 't1', closed: true },
    withIds: (id) => ({ ticketId: id('supportTicket'), closed: true }),
  },
  markAllNotificationsRead: {
    sample: {},
  },
  getMonthSpending: { sample: {} },
  deleteAllNotifications: { sample: {} },
  sendNotification: {
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
    sample: { winnerId: 'w1' },
    withIds: (id) => ({ winnerId: id('winner') }),
  },
  saveCharityDonation: {
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
    sample: { donationId: 'd1' },
    withIds: (id) => ({ donationId: id('donation') }),
  },
  addLibraryImage: {
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
    sample: { imageId: 'i1' },
    withIds: (id) => ({ imageId: id('image') }),
  },
  saveCarouselSlide: {
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
    sample: { slideId: 's1', isActive: true },
    withIds: (id) => ({ slideId: id('slide'), isActive: false }),
  },
  moveCarouselSlide: {
    sample: { slideId: 's1', direction: 'up' },
    withIds: (id) => ({ slideId: id('slide'), direction: 'down' }),
  },
  deleteCarouselSlide: {
    sample: { slideId: 's1' },
    withIds: (id) => ({ slideId: id('slide') }),
  },

  // Raffles, questions, draws.
  saveRaffle: {
    sample: RAFFLE,
    withIds: (id) => ({ ...RAFFLE, raffleId: id('raffle') }),
  },
  setRaffleActive: {
    sample: { raffleId: 'r1', active: true },
    withIds: (id) => ({ raffleId: id('raffle'), active: false }),
  },
  deleteRaffle: {
    sample: { raffleId: 'r1' },
    withIds: (id) => ({ raffleId: id('raffle') }),
  },
  cancelRaffle: {
    sample: { raffleId: 'r1' },
    withIds: (id) => ({ raffleId: id('raffle') }),
  },
  drawRaffleNow: {
    sample: { raffleId: 'r1' },
    withIds: (id) => ({ raffleId: id('raffle') }),
  },
  saveQuestion: {
    sample: { ...QUESTION, raffleId: 'r1' },
    withIds: (id) => ({ ...QUESTION, raffleId: id('raffle') }),
  },
  setQuestionActive: {
    sample: { raffleId: 'r1', questionId: 'q1', isActive: true },
    withIds: (id) => ({ raffleId: id('raffle'), questionId: id('question'), isActive: false }),
  },
  deleteQuestion: {
    sample: { raffleId: 'r1', questionId: 'q1' },
    withIds: (id) => ({ raffleId: id('raffle'), questionId: id('question') }),
  },
  recordPostalEntry: {
    sample: { ...POSTAL, raffleId: 'r1' },
    withIds: (id) => ({ ...POSTAL, raffleId: id('raffle') }),
  },

  // Tickets and orders (back office).
  createManualEntry: {
    sample: { userId: 'u1', raffleId: 'r1', quantity: 1 },
    withIds: (id) => ({ userId: id('uid'), raffleId: id('raffle'), quantity: 1 }),
  },
  addTicketsForUser: {
    sample: { userId: 'u1', raffleId: 'r1', quantity: 1, minNumber: null },
    withIds: (id) => ({ userId: id('uid'), raffleId: id('raffle'), quantity: 1, minNumber: 5 }),
  },
  updateTicket: {
    sample: { ticketId: 't1', ticketNumber: 7, purchaseDate: ISO },
    withIds: (id) => ({ ticketId: id('ticket'), ticketNumber: 7, purchaseDate: ISO }),
  },
  deleteTicket: {
    sample: { ticketId: 't1' },
    withIds: (id) => ({ ticketId: id('ticket') }),
  },
  deleteOrder: {
    sample: { orderId: 'o1' },
    withIds: (id) => ({ orderId: id('order') }),
  },

  // Users and settings (back office).
  listUsers: {
    sample: { search: '', searchBy: 'email', cursor: null },
  },
  updateUserProfile: {
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
    sample: { uid: 'u1', admin: true },
    withIds: (id) => ({ uid: id('uid'), admin: true }),
  },
  setUserStaff: {
    sample: { uid: 'u1', staff: true },
    withIds: (id) => ({ uid: id('uid'), staff: true }),
  },
  resetUserTwoFactor: {
    sample: { uid: 'u1' },
    withIds: (id) => ({ uid: id('uid') }),
  },
  setUserBanned: {
    sample: { uid: 'u1', banned: true, reason: 'Abuse' },
    withIds: (id) => ({ uid: id('uid'), banned: true, reason: 'Abuse' }),
  },
  updateSiteSettings: {
    sample: { group: 'social', settings: SOCIAL },
  },
  updateEmailSettings: {
    sample: { ...SMTP, clearPassword: false },
  },
  sendTestEmail: {
    sample: { smtp: { ...SMTP, password: 'secret' }, to: 'admin@example.com' },
  },

  // The account area.
  ensureProfile: { sample: {} },
  saveProfile: {
    sample: { username: 'fuzzy_user', bio: null },
  },
  updatePersonalDetails: {
    sample: { firstName: 'Jane', lastName: 'Smith', bio: null },
  },
  revokeSessions: { sample: {} },
  deleteAccount: {
    sample: { confirmation: DELETE_CONFIRMATION },
  },
  startCardSetup: { sample: {} },
  saveStripeCard: {
    sample: { setupSessionId: 'cs_test_123' },
    withIds: (id) => ({ setupSessionId: id('setupSession') }),
  },
  setDefaultPaymentMethod: {
    sample: { paymentMethodId: 'p1' },
    withIds: (id) => ({ paymentMethodId: id('paymentMethod') }),
  },
  removePaymentMethod: {
    sample: { paymentMethodId: 'p1' },
    withIds: (id) => ({ paymentMethodId: id('paymentMethod') }),
  },
  registerDevice: { sample: { token: 'fcm-token-1', label: 'Chrome on Linux' } },
  removeDevice: {
    sample: { deviceId: 'a'.repeat(40) },
    withIds: (id) => ({ deviceId: id('device') }),
  },

  // Signing in and credentials.
  signUp: {
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
    sample: { username: 'jane', password: PASSWORD },
  },
  signInWithPassword: {
    sample: { email: 'jane@example.com', password: PASSWORD },
  },
  completeTwoFactorSignIn: {
    sample: { challenge: 'ABCDEFGHIJKLMNOPQRST', code: '123456' },
    withIds: (id) => ({ challenge: 'NOSUCHCHALLENGE', code: id('totpCode') }),
  },
  requestSignInLink: {
    sample: { email: 'jane@example.com', redirect: null },
  },
  resendConfirmation: {
    sample: { email: 'jane@example.com' },
  },
  requestPasswordReset: {
    sample: { email: 'jane@example.com' },
  },
  completePasswordReset: {
    sample: { oobCode: 'abc', password: PASSWORD, confirmPassword: PASSWORD },
    withIds: (id) => ({ oobCode: id('oobCode'), password: PASSWORD, confirmPassword: PASSWORD }),
  },
  changePassword: {
    sample: {
      currentPassword: PASSWORD,
      password: 'N3w!passw0rd',
      confirmPassword: 'N3w!passw0rd',
    },
  },
  requestEmailChange: {
    sample: { newEmail: 'new@example.com', currentPassword: PASSWORD },
  },
  confirmEmailChange: {
    sample: { oobCode: 'abc' },
    withIds: (id) => ({ oobCode: id('oobCode') }),
  },
  startTwoFactorEnrolment: {
    sample: { currentPassword: PASSWORD },
  },
  confirmTwoFactorEnrolment: {
    sample: { code: '123456' },
    withIds: (id) => ({ code: id('totpCode') }),
  },
  disableTwoFactor: {
    sample: { code: '123456' },
    withIds: (id) => ({ code: id('totpCode') }),
  },
  verifyTwoFactor: {
    sample: { code: '123456' },
    withIds: (id) => ({ code: id('totpCode') }),
  },
};
