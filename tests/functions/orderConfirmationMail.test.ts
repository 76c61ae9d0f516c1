/**
 * The order confirmation e-mail as rendered: what the order cost, the account credit used and
 * what the card paid, a promo code's saving shown once, and a link to the order's page, the
 * same in the text and HTML parts.
 */
import type { MailData, OrderData, OrderItem } from '@rafflewin/domain';
import { siteUrl } from '../../functions/src/services/auth/links';
import { orderConfirmationMail } from '../../functions/src/services/mail/templates';

const NOW = new Date('2025-03-01T12:00:00Z');
const ORDER_ID = 'order-abc123';

function item(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    raffleId: 'raffle-1',
    name: 'Spring Cash',
    quantity: 2,
    unitPrice: 150,
    totalPrice: 300,
    ticketNumbers: [11, 12],
    ...overrides,
  };
}

function order(overrides: Partial<OrderData> = {}): OrderData {
  return {
    orderNumber: 'RW-1001',
    userId: 'user-1',
    userEmail: 'penny@example.com',
    status: 'completed',
    paymentStatus: 'paid',
    paymentMethod: 'Card',
    items: [item()],
    totalAmount: 300,
    checkoutSessionId: ORDER_ID,
    cardFunding: 'debit',
    creditApplied: 0,
    promo: null,
    createdAt: NOW,
    updatedAt: NOW,
    searchTerms: [],
    ...overrides,
  };
}

const render = (data: OrderData) => orderConfirmationMail(data, ORDER_ID, NOW);
const link = () => `${siteUrl()}/account/orders/${ORDER_ID}`;
const anchor = () => `<a href="${link()}">${link()}</a>`;
/** The lines after the ticket lines: the sums and the closing line. */
const tail = (text: string) => text.split('\n\n').at(-1)!.split('\n');
const goodLuck = () =>
  `Good luck! Your tickets are in My Tickets and on your order page: ${link()}`;

/** The sums under the lines: in the text part before the closing line, and in the HTML part. */
function expectSums(mail: MailData, sums: string[]): void {
  expect(tail(mail.text)).toEqual([...sums, goodLuck()]);
  expect(mail.html).toContain(sums.map((sum) => `<p>${sum}</p>`).join(''));
}

describe('orderConfirmationMail', () => {
  it('shows a plain card order’s total and links to the order page', () => {
    const mail = render(order());
    expect(mail.text).toBe(
      [
        'Thank you for your order RW-1001.',
        '',
        'Spring Cash: 2 × £1.50. Ticket numbers: 11, 12',
        '',
        'Total: £3.00',
        goodLuck(),
      ].join('\n'),
    );
    expect(mail.html).toContain(
      `<p>Total: £3.00</p><p>Good luck! Your tickets are in My Tickets and on your order page: ${anchor()}</p>`,
    );
    expect(mail.html).not.toContain('Account credit');
  });

  it('shows an order paid in full with credit at its price, the credit and nothing by card', () => {
    const mail = render(
      order({ paymentMethod: 'Account Credit', totalAmount: 0, creditApplied: 300 }),
    );
    expect(mail.text).toContain('Spring Cash: 2 × £1.50. Ticket numbers: 11, 12');
    expectSums(mail, ['Total: £3.00', 'Account credit: −£3.00', 'Paid by card: £0.00']);
    expect(mail.text).not.toContain('FREE');
    expect(mail.html).not.toContain('FREE');
  });

  it('shows partial credit so the lines, the credit and the card add up', () => {
    const mail = render(
      order({
        items: [
          item({ quantity: 4, unitPrice: 150, totalPrice: 600, ticketNumbers: [1, 2, 3, 4] }),
          item({
            raffleId: 'raffle-2',
            name: 'Tom & Jerry’s <Hamper>',
            quantity: 2,
            unitPrice: 200,
            totalPrice: 400,
            ticketNumbers: [5, 6],
          }),
        ],
        totalAmount: 700,
        creditApplied: 300,
      }),
    );
    expect(mail.text).toContain('Tom & Jerry’s <Hamper>: 2 × £2.00. Ticket numbers: 5, 6');
    expectSums(mail, ['Total: £10.00', 'Account credit: −£3.00', 'Paid by card: £7.00']);
    // The customer’s text stays escaped in the HTML part.
    expect(mail.html).toContain('<strong>Tom &#38; Jerry’s &#60;Hamper&#62;</strong>');
  });

  it('shows a promo code’s saving as already in the line’s price, not taken off again', () => {
    const mail = render(
      order({
        items: [item({ quantity: 2, unitPrice: 500, totalPrice: 800 })],
        totalAmount: 800,
        promo: {
          code: 'SAVE20',
          kind: 'percent',
          value: 20,
          discount: 200,
          bonusTickets: 0,
          bonusRaffleId: null,
        },
      }),
    );
    expect(mail.text).toContain(
      'Spring Cash: 2 × £5.00, £8.00 with savings. Ticket numbers: 11, 12',
    );
    expectSums(mail, ['Promo code SAVE20: £2.00 saved (included above)', 'Total: £8.00']);
    expect(mail.text).not.toContain('−£2.00');
  });

  it('shows a promo code’s bonus tickets as already on the line', () => {
    const mail = render(
      order({
        items: [
          item({ quantity: 5, bonusTickets: 2, totalPrice: 450, ticketNumbers: [1, 2, 3, 4, 5] }),
        ],
        totalAmount: 450,
        promo: {
          code: 'EXTRA2',
          kind: 'bonusTickets',
          value: 2,
          discount: 0,
          bonusTickets: 2,
          bonusRaffleId: 'raffle-1',
        },
      }),
    );
    expect(mail.text).toContain('Spring Cash: 3 × £1.50 + 2 bonus tickets. Ticket numbers:');
    expect(tail(mail.text).slice(0, 2)).toEqual([
      'Promo code EXTRA2: 2 bonus tickets (included above)',
      'Total: £4.50',
    ]);
  });

  it('says FREE only when the order cost nothing', () => {
    const mail = render(
      order({
        items: [item({ quantity: 1, unitPrice: 0, totalPrice: 0, ticketNumbers: [7] })],
        paymentMethod: 'Free Entry',
        totalAmount: 0,
      }),
    );
    expect(mail.text).toContain('Spring Cash: 1 × FREE. Ticket numbers: 7');
    expect(tail(mail.text)[0]).toBe('Total: FREE');
    expect(mail.html).toContain('<p>Total: FREE</p>');
  });

  it('links an instant win to the order page, where the winner chooses how to take it', () => {
    const mail = render(
      order({
        items: [
          item({ instantWins: [{ ticketNumber: 12, name: '£50 voucher', cashAlternative: 4500 }] }),
        ],
      }),
    );
    expect(mail.text).toContain(
      [
        'Instant win! Ticket 12 won £50 voucher (or £45.00 cash)',
        `Choose how to take it on your order page: ${link()}`,
      ].join('\n'),
    );
    expect(mail.html).toContain(
      `<p><strong>Instant win! Ticket 12 won £50 voucher (or £45.00 cash)</strong></p><p>Choose how to take it on your order page: ${anchor()}</p>`,
    );
  });
});
