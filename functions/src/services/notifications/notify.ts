import {
  NOTIFICATION_LIMITS,
  clipText,
  SHOP_PAGES,
  isOnBreak,
  mailCollection,
  notificationsPath,
  protectionPath,
  userPath,
  userSettingsPath,
  wantsEmailFor,
  wantsPushFor,
  type MailData,
  type NotificationKind,
  type NotificationData,
  type NotificationType,
  SHOP_NAME_PLACEHOLDER,
  withCarriedBreak,
} from '@rafflewin/domain';
import type { DocumentSnapshot, Firestore } from 'firebase-admin/firestore';
import { siteUrl } from '../auth/links';
import type { Writer } from '../admin/audit';
import { queuedMail } from '../mail/templates';
import { knownUnderAge, protectionFrom } from '../protection/protection';
import { carriedBreaks } from '../protection/selfExclusion';

export interface NotificationContent {
  type: NotificationType;
  /** What it is about: the customer's e-mail and push choices are per kind. */
  kind: NotificationKind;
  title: string;
  message: string;
  /** Links the notification to a support conversation. */
  supportTicketId?: string | null;
  /** A page of the shop it leads to (a draw's verification page). */
  link?: string | null;
}

/** A new, unread in-app notification. */
export function notificationData(content: NotificationContent, now: Date): NotificationData {
  return {
    type: content.type,
    // Clipped to what the page reads: a title built from a raffle's name ("You won: …", up to
    // 120 characters of name) would otherwise fail the whole notifications page's parse.
    title: clipText(content.title, NOTIFICATION_LIMITS.titleMax),
    message: clipText(content.message, NOTIFICATION_LIMITS.messageMax),
    supportTicketId: content.supportTicketId ?? null,
    link: content.link ?? null,
    isRead: false,
    createdAt: now,
    kind: content.kind,
  };
}

/**
 * Adds an in-app notification for `uid` to `writer` (a batch or transaction). A fixed `id`
 * makes it idempotent for work that may run twice.
 */
export function addNotification(
  db: Firestore,
  writer: Writer,
  uid: string,
  content: NotificationContent,
  now = new Date(),
  id?: string,
): string {
  const collection = db.collection(notificationsPath(uid));
  const ref = id ? collection.doc(id) : collection.doc();
  writer.set(ref, notificationData(content, now));
  return ref.id;
}

export interface NotifyOptions {
  /**
   * Also e-mail it, unless the customer turned e-mail notifications off. Service messages the
   * customer must receive whatever their preference (a win, a refund) set `always`.
   */
  email?: { subject: string; text: string; always?: boolean };
  /** A fixed id makes the notification (and its e-mail) idempotent for retried work. */
  id?: string;
}

/**
 * Notifies a customer in the app and, when asked and allowed, by e-mail, in one batch.
 * Returns the notification's id. With a fixed `id` it is idempotent: when that notification
 * already exists nothing is written again (so a retried trigger sends no second e-mail and
 * leaves a sent e-mail's record alone).
 */
export async function notifyUser(
  db: Firestore,
  uid: string,
  content: NotificationContent,
  options: NotifyOptions = {},
  now = new Date(),
): Promise<string> {
  const collection = db.collection(notificationsPath(uid));
  const ref = options.id ? collection.doc(options.id) : collection.doc();
  const mailRef = db.collection(mailCollection).doc(`notification-${uid}-${ref.id}`);
  const mailTo = async (): Promise<string | null> => {
    if (!options.email) return null;
    const [recipient] = await recipientsOf(db, [uid], { kind: content.kind });
    return (options.email.always ? recipient?.address : recipient?.email) ?? null;
  };
  const mail = (to: string) =>
    queuedMail(to, options.email?.subject ?? '', options.email?.text ?? '', null, now);

  if (!options.id) {
    const batch = db.batch();
    batch.set(ref, notificationData(content, now));
    const to = await mailTo();
    if (to) batch.set(mailRef, mail(to));
    await batch.commit();
    return ref.id;
  }
  const to = await mailTo();
  await db.runTransaction(async (tx) => {
    const [notification, queued] = await Promise.all([tx.get(ref), tx.get(mailRef)]);
    if (notification.exists) return;
    tx.create(ref, notificationData(content, now));
    if (to && !queued.exists) tx.create(mailRef, mail(to));
  });
  return ref.id;
}

/** A customer a notification goes to: whether the account still exists, and where to e-mail. */
export interface Recipient {
  exists: boolean;
  /** The account's address, whatever the preferences (service e-mails), or null. */
  address: string | null;
  /** Null when there is no address or e-mail for this kind of notification is off. */
  email: string | null;
  /** Whether they chose push for this kind (whether they have a device is another matter). */
  push: boolean;
  /** Opted in to marketing, not banned, not on a play break (asked for with `marketing`). */
  takesMarketing: boolean;
  /**
   * The address marketing may go to (taking marketing, and its e-mail switches on), or null.
   */
  marketingEmail: string | null;
}

interface RecipientOptions {
  /** The kind of notification: the customer's e-mail and push choices are per kind. */
  kind: NotificationKind;
  /** Also read whether they take marketing (opted in, no play break running at `now`). */
  marketing?: boolean;
  now?: Date;
}

/**
 * The recipients the profiles (`users/{uid}`, at least their `email`) belong to, same order:
 * their settings read with one `getAll`, and their play breaks with another for `marketing`.
 */
export async function recipientsFrom(
  db: Firestore,
  profiles: DocumentSnapshot[],
  { kind, marketing = false, now = new Date() }: RecipientOptions,
): Promise<Recipient[]> {
  if (profiles.length === 0) return [];
  const uids = profiles.map((profile) => profile.id);
  const addresses = profiles.map((profile) => {
    const raw = profile.get('email') as unknown;
    return profile.exists && typeof raw === 'string' && raw ? raw : null;
  });
  const [settings, protections, carried] = await Promise.all([
    db.getAll(...uids.map((uid) => db.doc(userSettingsPath(uid))), {
      fieldMask: ['emailNotifications', 'marketingEmails', 'notificationChannels'],
    }),
    marketing ? db.getAll(...uids.map((uid) => db.doc(protectionPath(uid)))) : Promise.resolve([]),
    marketing ? carriedBreaks(db, addresses) : Promise.resolve([]),
  ]);
  return profiles.map((profile, index) => {
    const address = addresses[index]!;
    const protection = protections[index];
    // A break until a date or for good, the account's own or one its address carries from a
    // deleted account: the same check as the money paths make (mayReceiveMarketing).
    const onBreak = protection
      ? isOnBreak(withCarriedBreak(protectionFrom(protection), carried[index] ?? null), now)
      : false;
    // A banned account buys nothing, nor does one known to be under 18: offers are not for them.
    const takesMarketing =
      marketing &&
      profile.exists &&
      profile.get('banned') !== true &&
      !knownUnderAge(profile.get('dateOfBirth') as string | undefined, now) &&
      settings[index]!.get('marketingEmails') === true &&
      !onBreak;
    return {
      exists: profile.exists,
      address,
      email: address && wantsEmailFor(settings[index]!.data(), kind) ? address : null,
      push: profile.exists && wantsPushFor(settings[index]!.data(), kind),
      takesMarketing,
      // Opted in, and the e-mail switches (all e-mail, and this kind's) still on.
      marketingEmail:
        takesMarketing && wantsEmailFor(settings[index]!.data(), kind) ? address : null,
    };
  });
}

/** The recipients `uids` are (same order): their profiles read with one `getAll`, then as above. */
export async function recipientsOf(
  db: Firestore,
  uids: string[],
  options: RecipientOptions,
): Promise<Recipient[]> {
  if (uids.length === 0) return [];
  const profiles = await db.getAll(...uids.map((uid) => db.doc(userPath(uid))), {
    fieldMask: ['email', 'banned', 'dateOfBirth'],
  });
  return recipientsFrom(db, profiles, options);
}

type Words = Pick<NotificationContent, 'type' | 'title' | 'message'>;

/**
 * Whether an administrator's message sent under a request key says what one asked again under
 * the same key says: if not, the key was reused for other words and is refused (keyReused).
 */
export function sameWords(earlier: Words, asked: Words): boolean {
  return (
    earlier.type === asked.type &&
    earlier.title === asked.title &&
    earlier.message === asked.message
  );
}

/**
 * The e-mail copy of a notification an administrator sent, saying why it came and where to
 * stop it: offers and news (`marketing`) only to those who chose them, as the law asks.
 */
export function notificationMail(
  to: string,
  content: NotificationContent,
  now: Date,
  /** The customer an offer (marketing) is for; null for any other message. */
  marketingFor: string | null,
): MailData {
  const marketing = marketingFor !== null;
  const settings = `${siteUrl()}${SHOP_PAGES.settings}`;
  const why = marketing
    ? `You get this because you chose offers and news from us. To stop them, turn off "Send me offers and news about new competitions" at ${settings}`
    : `To choose which e-mails you get from us, go to ${settings}`;
  const mail = queuedMail(
    to,
    content.title,
    `${content.message}\n\nYour notifications: ${siteUrl()}${SHOP_PAGES.notifications}\n\n${why}\n\n${SHOP_NAME_PLACEHOLDER}`,
    null,
    now,
  );
  return marketing ? { ...mail, marketingFor: { uid: marketingFor, kind: content.kind } } : mail;
}
