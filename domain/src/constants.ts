/** Business constants of the shop. */

export const SITE_TIME_ZONE = 'Europe/London';
export const LOCALE = 'en-GB';
export const CURRENCY = 'GBP';

/** A raffle is "ending soon" with this much time left or less. */
export const ENDING_SOON_MS = 24 * 60 * 60 * 1000;
/** Under this much time left the countdown turns red. */
export const VERY_SOON_MS = 60 * 60 * 1000;
/** The home page's Ending Soon scroller shows raffles ending within this window. */
export const ENDING_SOON_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;

/** Per-user ticket cap used when a raffle does not set one. */
export const DEFAULT_MAX_TICKETS_PER_USER = 10;
/** Free raffles allow one ticket per user. */
export const FREE_RAFFLE_MAX_TICKETS_PER_USER = 1;
export const MIN_TICKET_QUANTITY = 1;

/** The live raffles a listing shows at first, and how many more each "Show more" adds. */
export const LIVE_RAFFLES_PAGE = 48;
/**
 * The most documents one list of raffles or draws may ask for, administrators' aside:
 * firestore.rules refuses a list without a limit or over it, so nobody reads a shop's whole
 * history in one go (drawn raffles stay listed). A list of the raffles not yet drawn (the
 * listings' "Show more" grows its limit a page at a time) is bounded by what is on sale instead.
 */
export const PUBLIC_LIST_MAX = 100;

export const CAROUSEL_AUTO_ADVANCE_MS = 4000;
export const ANSWER_MODAL_CLOSE_MS = 500;
export const SCROLL_TO_RAFFLE_DELAY_MS = 300;
export const FREE_ENTRY_REDIRECT_MS = 2000;
export const SUCCESS_MESSAGE_MS = 3000;
export const QUANTITY_ERROR_MS = 3000;

export const POSTAL_GRACE_HOURS = 72;
/** Complaints (About page): acknowledged within 24 hours, resolved within 5 working days, or 14 when complex. */
export const COMPLAINT_ACKNOWLEDGE_HOURS = 24;
export const COMPLAINT_RESOLVE_WORKING_DAYS = 5;
export const COMPLAINT_COMPLEX_RESOLVE_WORKING_DAYS = 14;
const handlingTimes = (what: string, it: string) =>
  `We acknowledge ${what} within ${COMPLAINT_ACKNOWLEDGE_HOURS} hours and aim to resolve ${it} ` +
  `within ${COMPLAINT_RESOLVE_WORKING_DAYS} working days; complex cases can take up to ` +
  `${COMPLAINT_COMPLEX_RESOLVE_WORKING_DAYS} working days.`;
/** How support answers, as the contact page and the acknowledgement e-mail say it. */
export const MESSAGE_HANDLING_TIMES = handlingTimes('every message', 'it');
/** The same for complaints, as the terms and the commitments page say it. */
export const COMPLAINT_HANDLING_TIMES = handlingTimes('complaints', 'them');
export const PRIZE_CLAIM_DAYS = 30;
export const MINIMUM_AGE = 18;
export const PASSWORD_MIN_LENGTH = 8;
export const TWO_FACTOR_VALIDITY_MS = 12 * 60 * 60 * 1000;
export const RESERVATION_TTL_MS = 30 * 60 * 1000;

/** Static "Our Impact" figures on the home page. */
export const OUR_IMPACT = {
  prizesWon: 15,
  givenPence: 150000,
  rating: '5.0',
  ratingFromWinners: 13,
} as const;

/** Local storage keys. */
export const STORAGE_KEYS = {
  guestCart: 'rafflewin_cart',
  cookiePreferences: 'cookiePreferences',
  /** The signed-in customer's chosen time zone, applied before the first paint. */
  timeZone: 'rafflewin_time_zone',
  /**
   * Set while this browser holds a signed-in session: the shop loads Firebase Auth at start
   * only then (and when someone opens sign-in), not for every visitor.
   */
  signedIn: 'rafflewin_signed_in',
  /** The id of this browser's push device (registerDevice), removed again at sign-out. */
  pushDevice: 'rafflewin_push_device',
  /** The emulator's stand-in for this browser's FCM token (demo projects only). */
  emulatorPushToken: 'rafflewin_emulator_push_token',
  /** Skill-question answers given here, until checkout sends them (cleared at sign-out). */
  answers: 'rafflewin_answers',
  /** Numbers picked on a raffle's board, until checkout sends them (cleared at sign-out). */
  picks: 'rafflewin_picks',
} as const;

/** Social links that still hold this value are shown as disabled icons. */
export const SOCIAL_LINK_PLACEHOLDER = '#';

/** The Cloud Functions region (London); web and functions both use it. */
export const FUNCTIONS_REGION = 'europe-west2';

/** A skill question's answer options. */
export const QUESTION_OPTIONS = ['A', 'B', 'C'] as const;
export type QuestionOption = (typeof QUESTION_OPTIONS)[number];

/**
 * A document id as the shop names them: letters, digits, `_` and `-`, at most 128, and not of
 * the form `__x__`, which Firestore reserves (it refuses such an id with an error, not as an
 * unknown one).
 */
export const DOCUMENT_ID_PATTERN = /^(?!__.*__$)[A-Za-z0-9_-]{1,128}$/;

/** The query parameter that names the raffle a listing page should bring into view. */
export const RAFFLE_QUERY_PARAM = 'raffle';

/**
 * The raffle a link names (`?raffle=` in a carousel slide's button link, or in the search part
 * of the page's address: "/charity?raffle={id}", "?raffle={id}"), or null: one reading for the
 * server and the shop. Read by hand, as the domain is built without the DOM's URL types.
 */
export function raffleNamedByLink(link: string): string | null {
  const query = link.indexOf('?');
  if (query < 0) return null;
  for (const pair of link
    .slice(query + 1)
    .split('#')[0]!
    .split('&')) {
    const [name = '', value = ''] = pair.split('=');
    if (name !== RAFFLE_QUERY_PARAM) continue;
    try {
      return decodeURIComponent(value.replaceAll('+', ' '));
    } catch {
      return null;
    }
  }
  return null;
}

/** A path of this shop, never another site (`//host` included). */
export function isShopPath(link: unknown): link is string {
  return typeof link === 'string' && /^\/(?!\/)/.test(link);
}

/** The shop's pages the server links to (notifications, pushes, e-mails). */
export const SHOP_PAGES = {
  notifications: '/account/notifications',
  /** Where a customer chooses which e-mails they get. */
  settings: '/account/settings',
  order: (orderId: string) => `/account/orders/${orderId}`,
  supportConversation: (ticketId: string) => `/account/support/${ticketId}`,
  /** A raffle opened over the competitions list. */
  raffle: (raffleId: string) => `/competitions?${RAFFLE_QUERY_PARAM}=${raffleId}`,
} as const;

/**
 * The most distinct raffles a cart holds. The security rules check every line one by one and
 * may evaluate at most 1,000 expressions per request, which 20 lines exceed.
 */
export const MAX_CART_LINES = 10;
export const MAX_CART_LINE_QUANTITY = 1000;
/** The most tickets a cart holds: the cart's badge shows up to this many in full. */
export const MAX_CART_TICKETS = MAX_CART_LINES * MAX_CART_LINE_QUANTITY;
