/**
 * Demo content for `npm start` and the tests. Times are relative to the moment of seeding so
 * the shop always shows raffles in every state: ending within an hour, within a day, sold
 * out, ended and starting in the future. Image paths are files served by Hosting.
 */
import {
  DEFAULT_SITE_SETTINGS,
  DEFAULT_SOCIAL_SETTINGS,
  POSTAL_ADDRESS_PLACEHOLDER,
  libraryImageId,
  libraryImageKey,
  type Bundle,
  type InstantPrize,
  type CarouselSlideData,
  type LibraryImageData,
  type CharityDonationData,
  type QuestionOption,
  type RaffleData,
  type SiteSettings,
  type SocialSettings,
  type WinnerData,
} from '@rafflewin/domain';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export interface DemoQuestion {
  text: string;
  options: [string, string, string];
  correct: QuestionOption;
}

export interface DemoRaffle {
  id: string;
  data: RaffleData;
  question: DemoQuestion | null;
  /** Instant prizes, on their secret ticket numbers (seed.ts commits to them). */
  instantPrizes: InstantPrize[];
}

const ONLINE_ENTRY_TEXT =
  'Choose how many tickets you want, answer the question and check out. ' +
  'Your ticket numbers arrive by e-mail and appear in My Tickets.';

const POSTAL_ENTRY_TEXT =
  'Free postal entry: send an unenclosed postcard with your full name, address, phone ' +
  `number, e-mail address and the name of this competition to ${POSTAL_ADDRESS_PLACEHOLDER}. ` +
  'One ticket per postcard; bulk entries count as one. Entries must arrive ' +
  'before the closing date; postcards arriving within 72 hours after closing receive a ' +
  'credit equal to the online cost of one ticket, once per person per competition. An ' +
  'account with an address is required.';

interface RaffleSeed {
  id: string;
  name: string;
  description: string;
  image: string;
  category: RaffleData['category'];
  ticketPrice: number;
  maxTickets: number;
  maxTicketsPerUser: number;
  soldTickets: number;
  startsIn: number;
  endsIn: number;
  question: DemoQuestion | null;
  bundles?: Bundle[];
  /** Shoppers pick their numbers or take a lucky dip. */
  numberPicking?: boolean;
  instantPrizes?: InstantPrize[];
}

const QUESTIONS = {
  capital: {
    text: 'What is the capital city of the United Kingdom?',
    options: ['Manchester', 'London', 'Edinburgh'],
    correct: 'B',
  },
  wheels: {
    text: 'How many wheels does a standard car have?',
    options: ['Three', 'Five', 'Four'],
    correct: 'C',
  },
  fruit: {
    text: 'Which of these is a fruit?',
    options: ['Apple', 'Carrot', 'Potato'],
    correct: 'A',
  },
  days: {
    text: 'How many days are there in a leap year?',
    options: ['365', '366', '364'],
    correct: 'B',
  },
} satisfies Record<string, DemoQuestion>;

const RAFFLES: RaffleSeed[] = [
  {
    id: 'cash-10000',
    name: '£10,000 Tax-Free Cash',
    description: 'Ten thousand pounds paid straight into your bank account.',
    image: 'raffles/cash-10000.svg',
    category: 'cash',
    ticketPrice: 199,
    maxTickets: 5000,
    maxTicketsPerUser: 50,
    soldTickets: 340,
    startsIn: -3 * DAY,
    endsIn: 5 * DAY,
    question: QUESTIONS.capital,
  },
  {
    id: 'cash-500-flash',
    name: '£500 Weekend Cash Drop',
    description: 'A quick-fire cash draw closing very soon.',
    image: 'raffles/cash-500.svg',
    category: 'cash',
    ticketPrice: 49,
    maxTickets: 1000,
    maxTicketsPerUser: 25,
    soldTickets: 870,
    startsIn: -2 * DAY,
    endsIn: 45 * MINUTE,
    question: QUESTIONS.days,
  },
  {
    id: 'car-bmw-m4',
    name: 'Dream Car: BMW M4 Competition',
    description: 'A brand-new BMW M4 Competition, or £55,000 cash alternative.',
    image: 'raffles/car-bmw.svg',
    category: 'cash',
    ticketPrice: 299,
    maxTickets: 8000,
    maxTicketsPerUser: 100,
    soldTickets: 420,
    startsIn: -5 * DAY,
    endsIn: 10 * DAY,
    question: QUESTIONS.wheels,
  },
  {
    id: 'car-mini-classic',
    name: 'Classic Car: 1967 Mini Cooper',
    description: 'A fully restored 1967 Mini Cooper in British racing green.',
    image: 'raffles/car-mini.svg',
    category: 'competition',
    ticketPrice: 150,
    maxTickets: 3000,
    maxTicketsPerUser: 50,
    soldTickets: 160,
    startsIn: -1 * DAY,
    endsIn: 14 * DAY,
    question: QUESTIONS.wheels,
    bundles: [
      { tickets: 5, price: 600 },
      { tickets: 10, price: 1100 },
    ],
  },
  {
    id: 'tech-iphone',
    name: 'iPhone 17 Pro Max 512GB',
    description: 'The latest iPhone in the colour of your choice.',
    image: 'raffles/tech-iphone.svg',
    category: 'tech',
    ticketPrice: 99,
    maxTickets: 2000,
    maxTicketsPerUser: 20,
    soldTickets: 410,
    startsIn: -6 * DAY,
    endsIn: 20 * HOUR,
    question: QUESTIONS.fruit,
  },
  {
    id: 'tech-ps5',
    name: 'PlayStation 5 Pro Bundle',
    description: 'PS5 Pro with two controllers and three games.',
    image: 'raffles/tech-ps5.svg',
    category: 'tech',
    ticketPrice: 79,
    maxTickets: 500,
    maxTicketsPerUser: 10,
    soldTickets: 500,
    startsIn: -4 * DAY,
    endsIn: 3 * DAY,
    question: QUESTIONS.capital,
  },
  {
    id: 'tech-macbook',
    name: 'MacBook Air M4',
    description: '13-inch MacBook Air with 16GB memory and 512GB storage.',
    image: 'raffles/tech-macbook.svg',
    category: 'tech',
    ticketPrice: 129,
    maxTickets: 2500,
    maxTicketsPerUser: 25,
    soldTickets: 120,
    startsIn: -2 * DAY,
    endsIn: 12 * DAY,
    question: QUESTIONS.days,
  },
  {
    id: 'charity-hospice',
    name: "Children's Hospice Raffle",
    description: 'Half of every ticket goes to a children’s hospice. Prize: £1,000 cash.',
    image: 'raffles/charity-hospice.svg',
    category: 'charity',
    ticketPrice: 100,
    maxTickets: 2000,
    maxTicketsPerUser: 20,
    soldTickets: 150,
    startsIn: -3 * DAY,
    endsIn: 6 * DAY,
    question: QUESTIONS.fruit,
    numberPicking: true,
  },
  {
    id: 'charity-foodbank',
    name: 'Food Bank Winter Appeal',
    description: 'Support local food banks this winter and win a £500 hamper.',
    image: 'raffles/charity-foodbank.svg',
    category: 'charity',
    ticketPrice: 200,
    maxTickets: 1000,
    maxTicketsPerUser: 10,
    soldTickets: 60,
    startsIn: -1 * DAY,
    endsIn: 25 * DAY,
    question: QUESTIONS.capital,
    // Demo only: where these sit is in the demo's own data (raffleSecrets), like any demo.
    instantPrizes: [
      { ticketNumber: 77, name: '£100 supermarket voucher', cashAlternative: 9000 },
      { ticketNumber: 250, name: '£25 supermarket voucher', cashAlternative: 2250 },
      { ticketNumber: 612, name: '£25 supermarket voucher', cashAlternative: 2250 },
    ],
  },
  {
    id: 'free-voucher',
    name: 'Free £50 Shopping Voucher',
    description: 'Our weekly free giveaway: one entry per person.',
    image: 'raffles/free-voucher.svg',
    category: 'free',
    ticketPrice: 0,
    maxTickets: 1000,
    maxTicketsPerUser: 1,
    soldTickets: 90,
    startsIn: -2 * DAY,
    endsIn: 4 * DAY,
    question: null,
  },
  {
    id: 'free-airpods',
    name: 'Free Tech Giveaway: AirPods Pro',
    description: 'Enter free for a chance to win AirPods Pro.',
    image: 'raffles/free-airpods.svg',
    category: 'free',
    ticketPrice: 0,
    maxTickets: 500,
    maxTicketsPerUser: 1,
    soldTickets: 40,
    startsIn: -1 * DAY,
    endsIn: 9 * DAY,
    question: null,
  },
  {
    id: 'spa-break-ended',
    name: 'Luxury Spa Break for Two',
    description: 'Two nights at a five-star spa hotel. This draw has closed.',
    image: 'raffles/spa-break.svg',
    category: 'competition',
    ticketPrice: 89,
    maxTickets: 800,
    maxTicketsPerUser: 20,
    soldTickets: 300,
    startsIn: -20 * DAY,
    endsIn: -2 * DAY,
    question: QUESTIONS.days,
  },
  {
    id: 'cash-2000-upcoming',
    name: '£2,000 Summer Cash',
    description: 'Opens soon: two thousand pounds tax-free.',
    image: 'raffles/cash-2000.svg',
    category: 'cash',
    ticketPrice: 59,
    maxTickets: 3000,
    maxTicketsPerUser: 30,
    soldTickets: 0,
    startsIn: 3 * DAY,
    endsIn: 17 * DAY,
    question: QUESTIONS.fruit,
  },
];

export function demoRaffles(now: Date): DemoRaffle[] {
  const at = (offset: number) => new Date(now.getTime() + offset);
  return RAFFLES.map((r, index) => ({
    id: r.id,
    question: r.question,
    instantPrizes: r.instantPrizes ?? [],
    data: {
      name: r.name,
      description: r.description,
      imageUrl: `/images/${r.image}`,
      category: r.category,
      ticketPrice: r.ticketPrice,
      maxTickets: r.maxTickets,
      maxTicketsPerUser: r.maxTicketsPerUser,
      bundles: r.bundles ?? [],
      numberPicking: r.numberPicking ?? false,
      instantPrizes: (r.instantPrizes ?? [])
        .map(({ name, cashAlternative }) => ({ name, cashAlternative, won: false }))
        .sort((a, b) => b.cashAlternative - a.cashAlternative),
      // Set by seed.ts, which hashes the list.
      instantWinCommitment: null,
      soldTickets: r.soldTickets,
      reservedTickets: 0,
      active: true,
      startDate: at(r.startsIn),
      endDate: at(r.endsIn),
      // A minute apart in the list's order, so newest-first listings have one order.
      createdAt: at(Math.min(r.startsIn, 0) - HOUR - index * MINUTE),
      onlineEntryText: ONLINE_ENTRY_TEXT,
      postalEntryText: POSTAL_ENTRY_TEXT,
      // The sold-out PlayStation closes on sell-out, so `npm start` shows such a draw too.
      closeOnSellOut: r.id === 'tech-ps5',
      drawCommitment: null,
      drawStatus: 'pending',
    },
  }));
}

export const DEMO_CAROUSEL: Array<{ id: string; data: CarouselSlideData }> = [
  {
    id: 'slide-win-big',
    data: {
      title: 'Win Big with RaffleWin',
      description: 'Tax-free cash, dream cars and the latest tech, drawn live.',
      imageUrl: '/images/carousel/win-big.svg',
      category: 'cash',
      buttonText: 'View Cash Prizes',
      buttonLink: '/competitions/cash',
      isActive: true,
      position: 0,
    },
  },
  {
    id: 'slide-tech',
    data: {
      title: 'The Latest Tech',
      description: 'Phones, laptops and consoles from 79p a ticket.',
      imageUrl: '/images/carousel/tech.svg',
      category: 'tech',
      buttonText: 'View Tech Prizes',
      buttonLink: '/competitions/tech',
      isActive: true,
      position: 1,
    },
  },
  {
    id: 'slide-charity',
    data: {
      title: 'Play for Good',
      description: 'Our charity raffles have raised thousands for UK causes.',
      imageUrl: '/images/carousel/charity.svg',
      category: 'charity',
      buttonText: 'Support a Cause',
      buttonLink: '/charity',
      isActive: true,
      position: 2,
    },
  },
];

export function demoWinners(now: Date): Array<{ id: string; data: WinnerData }> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  const winner = (
    id: string,
    winnerName: string,
    prizeName: string,
    prizeValue: number,
    ticketNumber: string,
    days: number,
  ) => ({
    id,
    data: {
      raffleId: null,
      winnerName,
      ticketNumber,
      imageUrl: `/images/winners/${id}.svg`,
      prizeName,
      prizeImageUrl: null,
      prizeValue,
      announcementDate: ago(days),
      updatedAt: ago(days),
      updatedBy: null,
    },
  });
  return [
    winner('winner-1', 'Sarah T.', '£5,000 Tax-Free Cash', 500000, 'SOL-1234-5678', 3),
    winner('winner-2', 'Mohammed A.', 'iPhone 16 Pro', 119900, 'SOL-2231-0042', 10),
    winner('winner-3', 'Emily R.', 'Weekend in Paris', 80000, 'SOL-3310-7781', 18),
    winner('winner-4', 'David K.', '£1,000 Cash', 100000, 'SOL-4521-1200', 30),
  ];
}

export function demoDonations(now: Date): Array<{ id: string; data: CharityDonationData }> {
  const ago = (days: number) => new Date(now.getTime() - days * DAY);
  return [
    {
      id: 'donation-hospice',
      data: {
        charityName: "Children's Hospice South West",
        amount: 75000,
        date: ago(14),
        description: 'Funded a month of family support sessions.',
        imageUrl: '/images/charity/donation.svg',
      },
    },
    {
      id: 'donation-foodbank',
      data: {
        charityName: 'Trussell Trust Food Banks',
        amount: 50000,
        date: ago(40),
        description: 'Emergency food parcels for 200 families.',
        imageUrl: null,
      },
    },
    {
      id: 'donation-mind',
      data: {
        charityName: 'Mind',
        amount: 25000,
        date: ago(70),
        description: 'Mental health helpline support.',
        imageUrl: null,
      },
    },
  ];
}

/**
 * Players who hold the seeded raffles' sold tickets (profiles only, no sign-in), so the entry
 * lists, counts and per-user limits all agree with real ticket documents. 120 of them, so even
 * free raffles (one ticket each) can show their sold counts.
 */
const FIRST_NAMES = [
  'Olivia',
  'Jack',
  'Amelia',
  'Harry',
  'Isla',
  'Noah',
  'Ava',
  'Leo',
  'Mia',
  'Oscar',
  'Grace',
  'Arthur',
];
const LAST_NAMES = [
  'Brown',
  'Wilson',
  'Taylor',
  'Davies',
  'Evans',
  'Thomas',
  'Roberts',
  'Walker',
  'Wright',
  'Hughes',
];

export const DEMO_PLAYERS = FIRST_NAMES.flatMap((firstName, i) =>
  LAST_NAMES.map((lastName, j) => ({
    uid: `player-${i * LAST_NAMES.length + j + 1}`,
    firstName,
    lastName,
  })),
);

/**
 * The defaults, with contact details for the complex footer and the console to show, and the
 * demo operator's business details (an operator enters its own under Site Settings, General).
 */
export const DEMO_SITE_SETTINGS: SiteSettings = {
  ...DEFAULT_SITE_SETTINGS,
  contactEmail: 'hello@rafflewin.example',
  supportPhone: '+44 20 7946 0000',
  address: '1 Example Street, London EC1A 1AA',
  legalName: 'RaffleWin Demo Ltd',
  companyNumber: '00000000',
  registeredOffice: '1 Example Street\nLondon\nEC1A 1AA',
  postalEntryAddress: 'RaffleWin Postal Entries\nPO Box 0000\nLondon\nEC1A 1AA',
};
export const DEMO_SOCIAL_SETTINGS: SocialSettings = {
  ...DEFAULT_SOCIAL_SETTINGS,
  facebook: 'https://www.facebook.com/',
  instagram: 'https://www.instagram.com/',
};

/** The image library: the demo pictures Hosting serves, ready to pick in the console. */
export function demoLibraryImages(now: Date): Array<{ id: string; data: LibraryImageData }> {
  const images: Array<[name: string, path: string]> = [
    ['Cash prize', '/images/raffles/cash-10000.svg'],
    ['BMW M4', '/images/raffles/car-bmw.svg'],
    ['Mini Cooper', '/images/raffles/car-mini.svg'],
    ['iPhone', '/images/raffles/tech-iphone.svg'],
    ['PlayStation 5', '/images/raffles/tech-ps5.svg'],
    ['MacBook', '/images/raffles/tech-macbook.svg'],
    ['Hospice', '/images/raffles/charity-hospice.svg'],
    ['Food bank', '/images/raffles/charity-foodbank.svg'],
    ['Shopping voucher', '/images/raffles/free-voucher.svg'],
    ['AirPods', '/images/raffles/free-airpods.svg'],
    ['Spa break', '/images/raffles/spa-break.svg'],
    ['Carousel: win big', '/images/carousel/win-big.svg'],
  ];
  return images.map(([name, url]) => ({
    id: libraryImageId(name),
    data: {
      name,
      nameLower: libraryImageKey(name),
      url,
      storagePath: null,
      contentType: null,
      sizeBytes: null,
      metadata: null,
      createdAt: now,
      createdBy: 'seed',
    },
  }));
}
