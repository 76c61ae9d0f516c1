import { mailCollection, SHOP_NAME_PLACEHOLDER, type MailData } from '@rafflewin/domain';
import type { Firestore } from 'firebase-admin/firestore';
import type { Writer } from '../admin/audit';
import { queuedMail } from '../mail/templates';

/** The shop's name, which the mailer writes in as it sends (Site Settings). */
const SHOP = SHOP_NAME_PLACEHOLDER;
const SIGNATURE = `The ${SHOP} team`;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface LinkMail {
  to: string;
  subject: string;
  greeting: string;
  lines: string[];
  link: { label: string; url: string };
  footer: string[];
}

/** An e-mail built around one button, with the same link spelled out in the text part. */
function linkMail({ to, subject, greeting, lines, link, footer }: LinkMail, now: Date): MailData {
  const text = [
    greeting,
    '',
    ...lines,
    '',
    `${link.label}: ${link.url}`,
    '',
    ...footer,
    '',
    SIGNATURE,
  ].join('\n');
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    `<p><a href="${escapeHtml(link.url)}" style="display:inline-block;padding:12px 20px;background:#0A1930;color:#ffffff;border-radius:8px;text-decoration:none">${escapeHtml(link.label)}</a></p>`,
    `<p style="font-size:12px;color:#555">If the button does not work, copy this address into your browser: ${escapeHtml(link.url)}</p>`,
    ...footer.map((line) => `<p style="font-size:12px;color:#555">${escapeHtml(line)}</p>`),
    `<p>${SIGNATURE}</p>`,
  ].join('');
  return queuedMail(to, subject, text, html, now);
}

function noticeMail(to: string, subject: string, lines: string[], now: Date): MailData {
  const text = ['Hello,', '', ...lines, '', SIGNATURE].join('\n');
  return queuedMail(to, subject, text, null, now);
}

const NOT_YOU = 'If you did not ask for this, you can ignore this e-mail: nothing changes.';

export const authMails = {
  /**
   * To an address not yet confirmed, which may be anyone's: nothing the person signing up typed
   * (their name) is repeated in it, or the shop's own mail would carry a stranger's words.
   */
  verifyEmail: (to: string, url: string, now: Date) =>
    linkMail(
      {
        to,
        subject: `Confirm your ${SHOP} account`,
        greeting: 'Hello,',
        lines: ['Thank you for signing up. Please confirm your e-mail address to start entering.'],
        link: { label: 'Confirm my e-mail address', url },
        footer: [NOT_YOU],
      },
      now,
    ),
  /** To an address that already has an account when someone signs up with it again. */
  alreadyRegistered: (to: string, signInUrl: string, now: Date) =>
    noticeMail(
      to,
      `You already have a ${SHOP} account`,
      [
        `Someone (probably you) tried to create a ${SHOP} account with this e-mail address, which already has one.`,
        `You can sign in here: ${signInUrl}. If you have forgotten your password, use "Forgot password?" on that page.`,
        NOT_YOU,
      ],
      now,
    ),
  resetPassword: (to: string, url: string, now: Date) =>
    linkMail(
      {
        to,
        subject: `Reset your ${SHOP} password`,
        greeting: 'Hello,',
        lines: [`We received a request to reset the password of your ${SHOP} account.`],
        link: { label: 'Choose a new password', url },
        footer: [
          // Firebase's reset codes last an hour and cannot be shortened, so that is what we say
          // (a shorter time would not be true).
          'The link works once and expires in 1 hour.',
          NOT_YOU,
        ],
      },
      now,
    ),
  signInLink: (to: string, url: string, now: Date) =>
    linkMail(
      {
        to,
        subject: `Your ${SHOP} sign-in link`,
        greeting: 'Hello,',
        lines: [`Use this link to sign in to ${SHOP}. It works once.`],
        link: { label: `Sign in to ${SHOP}`, url },
        footer: [NOT_YOU],
      },
      now,
    ),
  /**
   * For a sign-in link asked for an account whose address is not confirmed yet: whoever chose
   * its password at sign-up need not own the address, and a link would confirm it for them.
   */
  signInLinkUnconfirmed: (to: string, url: string, now: Date) =>
    linkMail(
      {
        to,
        subject: `Your ${SHOP} sign-in link`,
        greeting: 'Hello,',
        lines: [
          `Someone asked for a one-time sign-in link for your ${SHOP} account.`,
          'This e-mail address has not been confirmed yet, so the account cannot sign in with a link. Choose a new password with the link below (every device still signed in with the old one is signed out), then sign in and confirm your address.',
        ],
        link: { label: 'Choose a new password', url },
        footer: ['The link works once and expires in 1 hour.', NOT_YOU],
      },
      now,
    ),
  /** A sign-in link asked for an account with two-factor on: links would skip the code. */
  signInLinkOff: (to: string, now: Date) =>
    noticeMail(
      to,
      `Your ${SHOP} sign-in link`,
      [
        `Someone asked for a one-time sign-in link for your ${SHOP} account.`,
        'Your account uses two-factor authentication, so sign-in links are turned off for it: sign in with your password and the code from your authenticator app.',
        NOT_YOU,
      ],
      now,
    ),
  changeEmail: (to: string, url: string, now: Date) =>
    linkMail(
      {
        to,
        subject: `Confirm your new ${SHOP} e-mail address`,
        greeting: 'Hello,',
        lines: [
          `You asked to use this address for your ${SHOP} account. The change applies once you confirm it.`,
        ],
        link: { label: 'Confirm my new e-mail address', url },
        footer: [NOT_YOU],
      },
      now,
    ),
  /** To a new address that already belongs to another account. */
  emailInUse: (to: string, now: Date) =>
    noticeMail(
      to,
      `This address already has a ${SHOP} account`,
      [
        `Someone asked to move a ${SHOP} account to this e-mail address, but it already belongs to an account, so nothing has changed.`,
        NOT_YOU,
      ],
      now,
    ),
  emailChangeRequested: (to: string, now: Date) =>
    noticeMail(
      to,
      `Your ${SHOP} e-mail address is being changed`,
      [
        `Someone signed in to your ${SHOP} account asked to change its e-mail address. The change applies only once the new address is confirmed.`,
        'If this was not you, change your password now and contact support.',
      ],
      now,
    ),
  emailChanged: (to: string, newEmail: string, now: Date) =>
    noticeMail(
      to,
      `Your ${SHOP} e-mail address was changed`,
      [
        `The e-mail address of your ${SHOP} account is now ${newEmail}. This address will no longer be used.`,
        'If this was not you, contact support straight away.',
      ],
      now,
    ),
  passwordChanged: (to: string, now: Date) =>
    noticeMail(
      to,
      `Your ${SHOP} password was changed`,
      [
        `The password of your ${SHOP} account was just changed, and every device was signed out.`,
        'If this was not you, reset your password now and contact support.',
      ],
      now,
    ),
  /** Firebase Auth's own API or reset e-mail set the password, past the shop's checks. */
  passwordChangedOutside: (to: string, now: Date) =>
    noticeMail(
      to,
      `Your ${SHOP} password was changed outside ${SHOP}`,
      [
        `The password of your ${SHOP} account was changed outside ${SHOP}, so it no longer signs in, and every device was signed out.`,
        'To sign in again, set a new password with "Forgot password?" on the sign-in page.',
        'If this was not you, contact support as well.',
      ],
      now,
    ),
} as const;

/** Queues one e-mail in the outbox (the mailer trigger sends it). */
export function queueMail(db: Firestore, writer: Writer, mail: MailData): void {
  writer.set(db.collection(mailCollection).doc(), mail);
}

/** Queues one e-mail on its own. */
export async function sendMail(db: Firestore, mail: MailData): Promise<void> {
  await db.collection(mailCollection).add(mail);
}
