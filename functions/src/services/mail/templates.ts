import {
  appliedPromoText,
  instantWinText,
  companyLine,
  formatPence,
  linePriceText,
  type BusinessDetails,
  type MailData,
  type OrderData,
} from '@rafflewin/domain';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The message as sent: the operator's company line (Site Settings) at its foot, as the law
 * asks of every business e-mail, or the shop's name until the details are set.
 */
export function withCompanyFooter(
  mail: Pick<MailData, 'text' | 'html'>,
  details: BusinessDetails,
): { text: string; html: string | undefined } {
  const footer = companyLine(details) || details.siteName;
  return {
    text: `${mail.text}\n\n--\n${footer}`,
    html:
      mail.html === null
        ? undefined
        : `${mail.html}<hr><p style="color:#555;font-size:12px">${escapeHtml(footer)}</p>`,
  };
}

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

/** The order confirmation with every ticket number. */
export function orderConfirmationMail(order: OrderData, now: Date): MailData {
  // Says nothing of whether the skill question was answered right: that stays unknown to the
  // customer until the draw, so the question cannot be probed.
  const lines = order.items.map((item) => ({ item, numbers: item.ticketNumbers.join(', ') }));
  const wins = order.items.flatMap((item) => item.instantWins ?? []).map(instantWinText);
  const text = [
    `Thank you for your order ${order.orderNumber}.`,
    '',
    ...lines.map(
      ({ item, numbers }) => `${item.name}: ${linePriceText(item)}. Ticket numbers: ${numbers}`,
    ),
    '',
    ...(wins.length > 0 ? [...wins, 'Choose how to take it on your order page.', ''] : []),
    ...(order.promo ? [appliedPromoText(order.promo)] : []),
    `Total: ${order.totalAmount === 0 ? 'FREE' : formatPence(order.totalAmount)}`,
    'Good luck! Your tickets are in My Tickets.',
  ].join('\n');
  const html = `<p>Thank you for your order <strong>${escapeHtml(order.orderNumber)}</strong>.</p><ul>${lines
    .map(
      ({ item, numbers }) =>
        `<li><strong>${escapeHtml(item.name)}</strong>: ${escapeHtml(linePriceText(item))}<br>Ticket numbers: ${numbers}</li>`,
    )
    .join(
      '',
    )}</ul>${wins.map((win) => `<p><strong>${escapeHtml(win)}</strong></p>`).join('')}${wins.length > 0 ? '<p>Choose how to take it on your order page.</p>' : ''}${order.promo ? `<p>${escapeHtml(appliedPromoText(order.promo))}</p>` : ''}<p>Total: ${order.totalAmount === 0 ? 'FREE' : formatPence(order.totalAmount)}</p><p>Good luck! Your tickets are in My Tickets.</p>`;
  return queuedMail(order.userEmail, `Your tickets: order ${order.orderNumber}`, text, html, now);
}
