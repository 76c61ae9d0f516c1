/**
 * The double's hosted pages: the payment (or card set-up) page of a Checkout Session, and a
 * dashboard of sessions and webhook deliveries. Plain HTML with labelled fields, so a person
 * and a browser test meet the same form.
 */
import type { StripeObject } from './api';
import type { Attempt } from './webhooks';

const escape = (value: unknown) =>
  String(value ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const money = (pence: unknown, currency: unknown) =>
  `${currency === 'gbp' || !currency ? '£' : `${String(currency).toUpperCase()} `}${(Number(pence) / 100).toFixed(2)}`;

const STYLE = `
  body{font-family:system-ui,sans-serif;margin:0;background:#f6f9fc;color:#1a1f36}
  main{max-width:480px;margin:2rem auto;background:#fff;padding:2rem;border-radius:8px;box-shadow:0 1px 4px #0002}
  h1{font-size:1.4rem;margin:.2rem 0 1rem} label{display:block;margin:.8rem 0 .2rem;font-weight:600}
  input[type=text]{width:100%;box-sizing:border-box;padding:.6rem;font-size:1rem;border:1px solid #ccd;border-radius:4px}
  button{margin-top:1.2rem;width:100%;padding:.8rem;font-size:1rem;background:#635bff;color:#fff;border:0;border-radius:4px;cursor:pointer}
  .test{background:#fff4e5;border:1px solid #f5a623;padding:.6rem;border-radius:4px;font-size:.9rem}
  .error{background:#fdecea;border:1px solid #e0245e;padding:.6rem;border-radius:4px;margin-top:1rem}
  table{width:100%;border-collapse:collapse} td{padding:.3rem 0} td.amount{text-align:right}
  .total td{font-weight:700;border-top:1px solid #ccd} a{color:#635bff}
  .wide{max-width:1100px} .wide td,.wide th{padding:.3rem .5rem;border-bottom:1px solid #eee;text-align:left;font-size:.85rem}
`;

function layout(title: string, body: string, wide = false): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escape(title)}</title>
<style>${STYLE}</style></head><body><main class="${wide ? 'wide' : ''}">${body}</main></body></html>`;
}

export interface PageState {
  session: StripeObject;
  savedCards: StripeObject[];
  /** The names of the session's coupons (Stripe shows them beside the discount). */
  discountNames: string[];
  error?: string;
  typed?: { name?: string; number?: string; expiry?: string };
}

function items(session: StripeObject, discountNames: string[]): string {
  const lines = (session.line_items as { data: Array<Record<string, unknown>> }).data;
  const discount = (session.total_details as { amount_discount: number }).amount_discount;
  return `<table aria-label="Order summary">${lines
    .map(
      (line) =>
        `<tr><td>${escape(line.description)} × ${escape(line.quantity)}</td><td class="amount">${money(line.amount_total, line.currency)}</td></tr>`,
    )
    .join('')}${
    discount > 0
      ? `<tr><td>${escape(discountNames.join(', '))}</td><td class="amount">−${money(discount, session.currency)}</td></tr>`
      : ''
  }<tr class="total"><td>Total due</td><td class="amount" data-testid="total-due">${money(session.amount_total, session.currency)}</td></tr></table>`;
}

/** The hosted page of an open session (with the last error and what was typed kept). */
export function paymentPage({
  session,
  savedCards,
  discountNames,
  error,
  typed = {},
}: PageState): string {
  const setup = session.mode === 'setup';
  const saved = savedCards
    .map((card, i) => {
      const details = card.card as Record<string, unknown>;
      return `<label><input type="radio" name="saved" value="${escape(card.id)}"${i === 0 ? ' checked' : ''}> Saved ${escape(details.brand)} ${escape(details.funding)} card ending ${escape(details.last4)}</label>`;
    })
    .join('');
  const savedBlock =
    !setup && savedCards.length > 0
      ? `<fieldset><legend>Pay with a saved card</legend>${saved}<button name="use" value="saved">Pay with saved card</button></fieldset><p>Or pay with another card:</p>`
      : '';
  return layout(
    setup ? 'Save a card' : 'Pay',
    `<a href="/pay/${escape(session.id)}/cancel">← Back</a>
<h1>${setup ? 'Save a card for later' : 'Pay RaffleWin'}</h1>
<p class="test" role="note">Test mode (local Stripe double): 4242 4242 4242 4242 (credit), 4000 0566 5566 5556 (debit), 4000 0000 0000 0002 (declined); any future expiry and any security code.</p>
${setup ? '' : items(session, discountNames)}
${error ? `<p class="error" role="alert">${escape(error)}</p>` : ''}
<form method="post" action="/pay/${escape(session.id)}">
${savedBlock}
<label for="name">Name on card</label><input type="text" id="name" name="name" autocomplete="cc-name" value="${escape(typed.name)}">
<label for="number">Card number</label><input type="text" id="number" name="number" inputmode="numeric" autocomplete="cc-number" value="${escape(typed.number)}">
<label for="expiry">Expiry (MM / YY)</label><input type="text" id="expiry" name="expiry" autocomplete="cc-exp" value="${escape(typed.expiry)}">
<label for="cvc">Security code (CVC)</label><input type="text" id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc">
<button name="use" value="card">${setup ? 'Save card' : `Pay ${money(session.amount_total, session.currency)}`}</button>
</form>`,
  );
}

/** A session that can no longer be paid. */
export function closedPage(session: StripeObject): string {
  const done = session.status === 'complete';
  return layout(
    'Checkout',
    `<h1>${done ? 'This payment is complete' : 'This checkout session has expired'}</h1>
<p>${done ? 'Nothing more to do here.' : 'Return to the shop and check out again.'}</p>
<p><a href="${escape(done ? session.success_url : (session.cancel_url ?? session.success_url))}">Return to RaffleWin</a></p>`,
  );
}

export function notFoundPage(): string {
  return layout('Not found', '<h1>Checkout session not found</h1>');
}

/** The dashboard: recent sessions, events and webhook deliveries. */
export function dashboard(
  sessions: StripeObject[],
  attempts: Attempt[],
  endpoints: string[],
): string {
  const rows = sessions
    .slice(-50)
    .reverse()
    .map(
      (s) =>
        `<tr><td>${escape(s.id)}</td><td>${escape(s.mode)}</td><td>${escape(s.status)}</td><td>${escape(s.payment_status)}</td><td>${s.amount_total === null ? '' : money(s.amount_total, s.currency)}</td><td>${escape(s.client_reference_id)}</td><td>${new Date(Number(s.created) * 1000).toISOString()}</td></tr>`,
    )
    .join('');
  const log = attempts
    .slice(-100)
    .reverse()
    .map(
      (a) =>
        `<tr><td>${escape(a.at)}</td><td>${escape(a.type)}</td><td>${escape(a.eventId)}</td><td>${escape(a.status)}</td></tr>`,
    )
    .join('');
  return layout(
    'Stripe double',
    `<h1>Local Stripe double</h1>
<p>Webhook endpoint: ${endpoints.map(escape).join(', ') || 'none'}</p>
<h2>Checkout Sessions</h2><table><tr><th>id</th><th>mode</th><th>status</th><th>payment</th><th>total</th><th>reservation</th><th>created</th></tr>${rows}</table>
<h2>Webhook deliveries</h2><table><tr><th>at</th><th>event</th><th>id</th><th>answer</th></tr>${log}</table>`,
    true,
  );
}
