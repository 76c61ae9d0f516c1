import {
  appliedPromoText,
  instantWinText,
  companyLine,
  linePriceText,
  orderSums,
  SHOP_PAGES,
  type BusinessDetails,
  type MailData,
  type OrderData,
  SHOP_NAME_PLACEHOLDER,
  withShopName,
} from '@rafflewin/domain';
import { siteUrl } from '../auth/links';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The message as sent: the shop's name from Site Settings in place of its placeholder, and the
 * operator's company line at its foot, as the law asks of every business e-mail, or the shop's
 * name until the details are set.
 */
export function mailAsSent(
  mail: Pick<MailData, 'subject' | 'text' | 'html'>,
  details: BusinessDetails,
): { subject: string; text: string; html: string | undefined } {
  const footer = companyLine(details) || details.siteName;
  const { siteName } = details;
  return {
    subject: withShopName(mail.subject, siteName),
    text: `${withShopName(mail.text, siteName)}\n\n--\n${footer}`,
    html:
      mail.html === null
        ? undefined
        : `${withShopName(mail.html, escapeHtml(siteName))}<hr><p style="color:#555;font-size:12px">${escapeHtml(footer)}</p>`,
  };
}

/** How support signs its e-mails. */
export const SUPPORT_SIGNATURE = `${SHOP_NAME_PLACEHOLDER} support`;

/** Queued e-mail with the fields the mailer fills in. */
export function queuedMail(
  to: string,
  subject: string,
  text: string,
  html: string | null,
  now: Date,
): MailData {
  return {
    to,
    subject,
    text,
    html,
    status: 'pending',
    attempts: 0,
    lastError: null,
    createdAt: now,
    sentAt: null,
  };
}

/**
 * The order confirmation with every ticket number, what the order cost, the account credit
 * used and what the card paid, and a link to the order's page.
 */
export function orderConfirmationMail(order: OrderData, orderId: string, now: Date): MailData {
  // Says nothing of whether the skill question was answered right: that stays unknown to the
  // customer until the draw, so the question cannot be probed.
  const lines = order.items.map((item) => ({ item, numbers: item.ticketNumbers.join(', ') }));
  const wins = order.items.flatMap((item) => item.instantWins ?? []).map(instantWinText);
  const orderLink = `${siteUrl()}${SHOP_PAGES.order(orderId)}`;
  const htmlLink = `<a href="${escapeHtml(orderLink)}">${escapeHtml(orderLink)}</a>`;
  // The lines' prices already take bundles and the promo code off; account credit pays first
  // and the card the rest, as the order's page says it.
  const sums = [
    ...(order.promo ? [appliedPromoText(order.promo)] : []),
    ...orderSums(order).map(({ label, amount }) => `${label}: ${amount}`),
  ];
  const chooseWin = 'Choose how to take it on your order page:';
  const goodLuck = 'Good luck! Your tickets are in My Tickets and on your order page:';
  const text = [
    `Thank you for your order ${order.orderNumber}.`,
    '',
    ...lines.map(
      ({ item, numbers }) => `${item.name}: ${linePriceText(item)}. Ticket numbers: ${numbers}`,
    ),
    '',
    ...(wins.length > 0 ? [...wins, `${chooseWin} ${orderLink}`, ''] : []),
    ...sums,
    `${goodLuck} ${orderLink}`,
  ].join('\n');
  const html = [
    `<p>Thank you for your order <strong>${escapeHtml(order.orderNumber)}</strong>.</p>`,
    `<ul>${lines
      .map(
        ({ item, numbers }) =>
          `<li><strong>${escapeHtml(item.name)}</strong>: ${escapeHtml(linePriceText(item))}<br>Ticket numbers: ${numbers}</li>`,
      )
      .join('')}</ul>`,
    ...wins.map((win) => `<p><strong>${escapeHtml(win)}</strong></p>`),
    ...(wins.length > 0 ? [`<p>${chooseWin} ${htmlLink}</p>`] : []),
    ...sums.map((sum) => `<p>${escapeHtml(sum)}</p>`),
    `<p>${goodLuck} ${htmlLink}</p>`,
  ].join('');
  return queuedMail(order.userEmail, `Your tickets: order ${order.orderNumber}`, text, html, now);
}
