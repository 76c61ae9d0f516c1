import { converterFor } from '@/lib/converters';
import { csvText } from '@/lib/csv';
import {
  EXPORT_PAGE_SIZE,
  NOTIFICATION_KINDS,
  notificationSchema,
  notificationsPath,
  orderSchema,
  ordersCollection,
  paymentMethodSchema,
  paymentMethodsPath,
  protectionPath,
  protectionSchema,
  savedRafflesPath,
  supportMessageSchema,
  supportMessagesPath,
  supportTicketSchema,
  supportTicketsCollection,
  ticketSchema,
  ticketsCollection,
  userPath,
  userProfileSchema,
  userSettingsPath,
  type Notification,
  type Order,
  type PaymentMethod,
  type Protection,
  type SavedRaffle,
  type SupportMessage,
  type SupportTicket,
  type Ticket,
  type UserProfile,
  type UserSettings,
  ukToday,
  wantsEmailFor,
  wantsPushFor,
} from '@rafflewin/domain';
import {
  collection,
  doc,
  getDocFromServer,
  orderBy,
  query,
  where,
  type Query,
} from 'firebase/firestore';
import { db, shopConverters, typedCollection } from '@/lib/firestoreApi';
import { pagesOf } from '@/lib/pagedQuery';

export type ExportFormat = 'csv' | 'json';

/**
 * What the export carries, as the customer's own account reads it: the profile, settings, play
 * controls, tickets, orders, saved raffles, cards (brand and last four digits only),
 * notifications and support conversations with their messages.
 */
export interface AccountData {
  exportedAt: Date;
  profile: UserProfile | null;
  settings: UserSettings | null;
  /** Null until a spending limit or a break was chosen. */
  playControls: Protection | null;
  tickets: Ticket[];
  orders: Order[];
  savedRaffles: SavedRaffle[];
  paymentCards: PaymentMethod[];
  notifications: Notification[];
  support: Array<{ conversation: SupportTicket; messages: SupportMessage[] }>;
}

/** One converter for every conversation's messages. */
const messageConverter = converterFor(supportMessageSchema);

/** Reads a whole query a page at a time, so no single read is unbounded. */
async function readAll<T>(q: Query<T>): Promise<T[]> {
  const rows: T[] = [];
  for await (const page of pagesOf(q, EXPORT_PAGE_SIZE)) rows.push(...page);
  return rows;
}

/**
 * Collects the customer's data from Firestore (their own documents, as the rules allow), as the
 * server has it: offline, the export fails rather than leave out what the cache lacks.
 */
export async function collectAccountData(uid: string): Promise<AccountData> {
  const [
    profile,
    settings,
    playControls,
    tickets,
    orders,
    savedRaffles,
    paymentCards,
    notifications,
    conversations,
  ] = await Promise.all([
    getDocFromServer(doc(db, userPath(uid)).withConverter(converterFor(userProfileSchema))),
    getDocFromServer(doc(db, userSettingsPath(uid)).withConverter(shopConverters.userSettings)),
    getDocFromServer(doc(db, protectionPath(uid)).withConverter(converterFor(protectionSchema))),
    readAll(
      query(
        typedCollection(ticketsCollection, ticketSchema),
        where('userId', '==', uid),
        orderBy('purchaseDate', 'desc'),
      ),
    ),
    readAll(
      query(
        typedCollection(ordersCollection, orderSchema),
        where('userId', '==', uid),
        orderBy('createdAt', 'desc'),
      ),
    ),
    readAll(
      query(
        collection(db, savedRafflesPath(uid)).withConverter(shopConverters.savedRaffle),
        orderBy('createdAt', 'desc'),
      ),
    ),
    readAll(
      query(
        collection(db, paymentMethodsPath(uid)).withConverter(converterFor(paymentMethodSchema)),
        orderBy('createdAt', 'desc'),
      ),
    ),
    readAll(
      query(
        collection(db, notificationsPath(uid)).withConverter(converterFor(notificationSchema)),
        orderBy('createdAt', 'desc'),
      ),
    ),
    readAll(
      query(
        typedCollection(supportTicketsCollection, supportTicketSchema),
        where('userId', '==', uid),
        orderBy('lastMessageAt', 'desc'),
      ),
    ),
  ]);
  const support = await Promise.all(
    conversations.map(async (conversation) => ({
      conversation,
      messages: await readAll(
        query(
          collection(db, supportMessagesPath(conversation.id)).withConverter(messageConverter),
          orderBy('createdAt'),
        ),
      ),
    })),
  );
  return {
    exportedAt: new Date(),
    profile: profile.data() ?? null,
    settings: settings.data() ?? null,
    playControls: playControls.data() ?? null,
    tickets,
    orders,
    savedRaffles,
    paymentCards,
    notifications,
    support,
  };
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : '');
const pounds = (pence: number) => (pence / 100).toFixed(2);
/** A spending limit in pounds; null is "no limit". */
const limitText = (pence: number | null) => (pence === null ? 'no limit' : pounds(pence));

/**
 * The settings as one row of plain values: the channel choices as a column per kind and
 * channel, whether it is sent there (a spreadsheet shows a nested object as "[object Object]").
 */
function settingsRow(settings: UserSettings) {
  const { notificationChannels: _stored, ...plain } = settings;
  const channels = NOTIFICATION_KINDS.flatMap((kind) => [
    [`${kind}Email`, wantsEmailFor(settings, kind)],
    [`${kind}Push`, wantsPushFor(settings, kind)],
  ]);
  return { ...plain, ...Object.fromEntries(channels) };
}

/** The export as rows per section: what both formats contain, with plain values. */
interface Section {
  key: string;
  title: string;
  /** One record (profile, settings) rather than a list. */
  single: boolean;
  rows: Array<Record<string, unknown>>;
}

function sections(data: AccountData): Section[] {
  const { profile, settings, playControls: controls } = data;
  return [
    {
      key: 'profile',
      title: 'Profile',
      single: true,
      rows: profile
        ? [
            {
              email: profile.email,
              username: profile.username,
              firstName: profile.firstName,
              lastName: profile.lastName,
              phoneNumber: profile.phoneNumber,
              dateOfBirth: profile.dateOfBirth,
              bio: profile.bio,
              address: profile.address ?? '',
              accountCreditGBP: pounds(profile.accountCredit ?? 0),
              createdAt: iso(profile.createdAt),
              updatedAt: iso(profile.updatedAt),
            },
          ]
        : [],
    },
    {
      key: 'settings',
      title: 'Settings',
      single: true,
      rows: settings ? [settingsRow(settings)] : [],
    },
    {
      key: 'playControls',
      title: 'Play controls',
      single: true,
      rows: controls
        ? [
            {
              monthlyLimitGBP: controls.limitChosenAt ? limitText(controls.monthlyLimit) : '',
              limitChosenAt: iso(controls.limitChosenAt),
              raisedLimitGBP: controls.pendingRaise ? limitText(controls.pendingRaise.limit) : '',
              raisedLimitFrom: iso(controls.pendingRaise?.from),
              breakUntil: iso(controls.breakUntil),
              breakPermanent: controls.breakPermanent,
            },
          ]
        : [],
    },
    {
      key: 'tickets',
      title: 'Tickets',
      single: false,
      rows: data.tickets.map((ticket) => ({
        ticketId: ticket.id,
        ticketNumber: ticket.ticketNumber,
        raffleId: ticket.raffleId,
        raffleName: ticket.raffle.name,
        category: ticket.raffle.category,
        drawDate: iso(ticket.raffle.endDate),
        purchaseDate: iso(ticket.purchaseDate),
        orderId: ticket.orderId,
        // Known once drawn: whether an answer was right is not told before the draw.
        enteredInDraw: ticket.eligible ?? null,
        status: ticket.status,
      })),
    },
    {
      key: 'orders',
      title: 'Orders',
      single: false,
      rows: data.orders.map((order) => ({
        orderId: order.id,
        orderNumber: order.orderNumber,
        createdAt: iso(order.createdAt),
        status: order.status,
        paymentStatus: order.paymentStatus,
        paymentMethod: order.paymentMethod,
        totalGBP: pounds(order.totalAmount),
        items: order.items
          .map(
            (item) =>
              `${item.name} x${item.quantity} (${pounds(item.totalPrice)} GBP; tickets ${item.ticketNumbers.join(' ')})`,
          )
          .join('; '),
      })),
    },
    {
      key: 'savedRaffles',
      title: 'Saved raffles',
      single: false,
      rows: data.savedRaffles.map((saved) => ({
        raffleId: saved.raffleId,
        savedAt: iso(saved.createdAt),
      })),
    },
    {
      key: 'paymentCards',
      title: 'Payment cards',
      single: false,
      rows: data.paymentCards.map((card) => ({
        brand: card.brand,
        last4: card.last4,
        expiry: `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`,
        funding: card.funding,
        isDefault: card.isDefault,
        addedAt: iso(card.createdAt),
      })),
    },
    {
      key: 'notifications',
      title: 'Notifications',
      single: false,
      rows: data.notifications.map((notification) => ({
        createdAt: iso(notification.createdAt),
        type: notification.type,
        title: notification.title,
        message: notification.message,
        read: notification.isRead,
      })),
    },
    {
      key: 'supportConversations',
      title: 'Support conversations',
      single: false,
      rows: data.support.map(({ conversation }) => ({
        reference: conversation.reference,
        subject: conversation.subject,
        status: conversation.status,
        createdAt: iso(conversation.createdAt),
        closedAt: iso(conversation.closedAt),
      })),
    },
    {
      key: 'supportMessages',
      title: 'Support messages',
      single: false,
      rows: data.support.flatMap(({ conversation, messages }) =>
        messages.map((message) => ({
          reference: conversation.reference,
          from: message.senderType === 'user' ? 'You' : 'Support',
          sentAt: iso(message.createdAt),
          message: message.message,
        })),
      ),
    },
  ];
}

/** JSON: every section as an array of objects, dates as ISO text. */
export function toJson(data: AccountData): string {
  const body: Record<string, unknown> = { exportedAt: iso(data.exportedAt) };
  for (const { key, single, rows } of sections(data)) body[key] = single ? (rows[0] ?? null) : rows;
  return JSON.stringify(body, null, 2);
}

/**
 * CSV: one block per section (a title line, a header row, the rows), separated by blank lines,
 * with quoting and formula escaping as every export of the shop (`csvText`): the customer's
 * own name or bio such as "=HYPERLINK(…)" stays text in a spreadsheet.
 */
export async function toCsv(data: AccountData): Promise<string> {
  const blocks = await Promise.all(
    sections(data).map(async ({ title, rows }) => {
      const table = rows.length > 0 ? await csvText(rows) : 'No records';
      return `${await csvText([[title]])}\r\n${table}`;
    }),
  );
  return blocks.join('\r\n\r\n');
}

/** The file name: the shop, what it is and today's UK date (yyyy-mm-dd). */
export function exportFileName(format: ExportFormat, now: Date): string {
  return `rafflewin-account-data-${ukToday(now)}.${format}`;
}

/** Hands a file to the browser to save. */
export function downloadFile(name: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
