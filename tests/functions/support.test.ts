import { CONTACT_MESSAGES, RATE_LIMITS, addWorkingDays } from '@rafflewin/domain';
import { adminDb, eventually, uniqueEmail } from '../support/admin';
import { callRaw, call, callOk, newCustomer } from '../support/customers';

jest.setTimeout(60_000);

const form = {
  name: 'Pat Guest',
  email: 'pat.guest@example.com',
  subject: 'Postal entry',
  message: 'Where do I send my postcard?',
};

describe('submitSupportTicket (contact form)', () => {
  it('opens a ticket with its first message for a guest', async () => {
    const { ticketId, reference } = await callOk('submitSupportTicket', form);
    expect(reference).toMatch(/^RW-[A-Z2-9]{8}$/);
    const ticket = await adminDb.doc(`supportTickets/${ticketId}`).get();
    expect(ticket.data()).toMatchObject({
      userId: null,
      status: 'open',
      subject: 'Postal entry',
      reference,
    });
    const messages = await adminDb.collection(`supportTickets/${ticketId}/messages`).get();
    expect(messages.docs.map((m) => m.get('message'))).toEqual([form.message]);
    const mail = await eventually(
      async () => {
        const doc = await adminDb.doc(`mail/support-${ticketId}`).get();
        return doc.get('status') === 'sent' ? doc : null;
      },
      { what: 'the acknowledgement e-mail to be sent' },
    );
    expect(mail.get('subject')).toContain(reference);
  });

  it("repeats nothing a stranger typed in the acknowledgement, which could go to anyone's address", async () => {
    const phishing = {
      name: 'Claim your prize at https://evil.example',
      email: uniqueEmail('victim'),
      subject: 'Your account is locked: https://evil.example/login',
      message: 'Visit https://evil.example now',
    };
    const { ticketId, reference } = await callOk('submitSupportTicket', phishing);
    const mail = (await adminDb.doc(`mail/support-${ticketId}`).get()).data();
    expect(mail?.to).toBe(phishing.email);
    expect(mail?.subject).toBe(`We received your message (${reference})`);
    expect(mail?.text).toContain(
      `Your reference is ${reference}. We acknowledge every message within 24 hours and aim to ` +
        'resolve it within 5 working days; complex cases can take up to 14 working days.',
    );
    for (const typed of [phishing.name, phishing.subject, phishing.message, 'evil.example']) {
      expect(mail?.text).not.toContain(typed);
      expect(mail?.html ?? '').not.toContain(typed);
    }
  });

  it("links a signed-in customer's ticket to their account, and answers their own address", async () => {
    const customer = await newCustomer('Sam', 'Signed');
    const { ticketId } = await callOk(
      'submitSupportTicket',
      { ...form, email: 'someone.else@example.com' },
      customer,
    );
    const ticket = (await adminDb.doc(`supportTickets/${ticketId}`).get()).data();
    expect(ticket).toMatchObject({ userId: customer.uid, email: customer.email });
    expect((await adminDb.doc(`mail/support-${ticketId}`).get()).get('to')).toBe(customer.email);
  });

  it("refuses a missing name or e-mail with the shop's messages, writing nothing", async () => {
    const before = (await adminDb.collection('supportTickets').count().get()).data().count;
    expect(await call('submitSupportTicket', { ...form, name: '  ' })).toMatchObject({
      ok: false,
      status: 'INVALID_ARGUMENT',
      message: CONTACT_MESSAGES.nameRequired,
    });
    expect(await call('submitSupportTicket', { ...form, email: '' })).toMatchObject({
      ok: false,
      message: CONTACT_MESSAGES.emailRequired,
    });
    expect(await call('submitSupportTicket', { ...form, email: 'not-an-email' })).toMatchObject({
      ok: false,
      message: CONTACT_MESSAGES.emailInvalid,
    });
    expect(await callRaw('submitSupportTicket', { ...form, extra: 1 })).toMatchObject({
      ok: false,
      status: 'INVALID_ARGUMENT',
    });
    expect((await adminDb.collection('supportTickets').count().get()).data().count).toBe(before);
  });

  it('refuses the message after the limit within the hour, writing nothing', async () => {
    const email = uniqueEmail('chatty');
    const { max } = RATE_LIMITS.contactForm;
    for (let i = 0; i < max; i += 1) {
      await callOk('submitSupportTicket', { ...form, email, subject: `Question ${i}` });
    }
    const before = (
      await adminDb.collection('supportTickets').where('email', '==', email).count().get()
    ).data().count;
    expect(before).toBe(max);
    expect(await call('submitSupportTicket', { ...form, email })).toEqual({
      ok: false,
      status: 'RESOURCE_EXHAUSTED',
      message: RATE_LIMITS.contactForm.message,
    });
    // The same inbox written with a tag is the same window (before, a fresh one each).
    const [name, domain] = email.split('@');
    expect(
      await call('submitSupportTicket', { ...form, email: `${name}+again@${domain}` }),
    ).toEqual({
      ok: false,
      status: 'RESOURCE_EXHAUSTED',
      message: RATE_LIMITS.contactForm.message,
    });
    const after = (
      await adminDb.collection('supportTickets').where('email', '==', email).count().get()
    ).data().count;
    expect(after).toBe(max);
  });

  it('gives a complaint its reference and the About page deadlines, for administrators', async () => {
    const before = Date.now();
    const { ticketId, reference } = await callOk('submitSupportTicket', {
      ...form,
      email: uniqueEmail('complainant'),
      subject: 'My draw result',
      complaint: true,
    });
    const ticket = await adminDb.doc(`supportTickets/${ticketId}`).get();
    expect(ticket.get('reference')).toBe(reference);
    expect(ticket.get('isComplaint')).toBe(true);
    expect(ticket.get('priority')).toBe('high');
    const acknowledgeBy = ticket.get('acknowledgeBy').toDate().getTime();
    expect(acknowledgeBy - before).toBeGreaterThanOrEqual(24 * 3_600_000 - 1000);
    expect(acknowledgeBy - before).toBeLessThan(24 * 3_600_000 + 60_000);
    const created = ticket.get('createdAt').toDate();
    expect(ticket.get('resolveBy').toDate()).toEqual(addWorkingDays(created, 5));
  });
});
