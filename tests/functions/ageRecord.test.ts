/**
 * The 18+ rule against the customer's own edits: a date of birth an administrator recorded
 * that shows someone under 18 is not the customer's to rewrite, and checkout still refuses;
 * nor do an administrator's entries or a postcard give such a customer tickets.
 */
import {
  MANUAL_ENTRY_MESSAGES,
  POSTAL_MESSAGES,
  PROTECTION_MESSAGES,
  ukToday,
  userPath,
} from '@rafflewin/domain';
import { adminDb } from '../support/admin';
import { call, callOk, newAdmin, newCustomer } from '../support/customers';
import { adminWithPostalAddress, createRaffle, line, postcard } from '../support/raffles';

jest.setTimeout(90_000);

/** A date of birth `years` ago today (UK date). */
function yearsAgo(years: number): string {
  const [y, m, d] = ukToday(new Date()).split('-');
  return `${Number(y) - years}-${m}-${d === '29' && m === '02' ? '28' : d}`;
}

describe('a date of birth an administrator recorded as under 18', () => {
  it('cannot be rewritten by the customer to pass the age check at checkout', async () => {
    const [admin, customer] = await Promise.all([newAdmin(), newCustomer('Young', 'Entrant')]);
    const raffleId = await createRaffle({ category: 'free', ticketPrice: 0, maxTicketsPerUser: 1 });
    // Support checked ID: the customer is 16. The administrator records the truth.
    await callOk(
      'updateUserProfile',
      {
        uid: customer.uid,
        username: null,
        firstName: 'Young',
        lastName: 'Entrant',
        phoneNumber: null,
        dateOfBirth: yearsAgo(16),
      },
      admin,
    );
    expect(await call('startCheckout', { items: [line(raffleId, 1)] }, customer)).toMatchObject({
      ok: false,
      message: PROTECTION_MESSAGES.underAge,
    });

    // The customer types an adult date of birth into Update Profile.
    await call('updatePersonalDetails', { dateOfBirth: '1990-01-01' }, customer);
    const recorded = (await adminDb.doc(userPath(customer.uid)).get()).get('dateOfBirth');
    expect(recorded).toBe(yearsAgo(16));
    expect(await call('startCheckout', { items: [line(raffleId, 1)] }, customer)).toMatchObject({
      ok: false,
      message: PROTECTION_MESSAGES.underAge,
    });
  });

  it('(held) an adult cannot record an under-18 or impossible date for themselves', async () => {
    const customer = await newCustomer('Adult', 'Entrant');
    for (const dateOfBirth of [yearsAgo(17), '2999-01-01', '1990-02-30']) {
      expect(await call('updatePersonalDetails', { dateOfBirth }, customer)).toMatchObject({
        ok: false,
        status: 'INVALID_ARGUMENT',
      });
    }
    expect((await adminDb.doc(userPath(customer.uid)).get()).get('dateOfBirth')).toBe('1990-01-01');
  });
});

describe('a customer recorded as under 18, at the doors past checkout', () => {
  it('gets no tickets through an administrator’s entry, Add Tickets or a postcard', async () => {
    const [admin, young] = await Promise.all([
      adminWithPostalAddress(),
      newCustomer('Young', 'Entrant'),
    ]);
    await adminDb.doc(userPath(young.uid)).update({ dateOfBirth: yearsAgo(16) });
    const raffleId = await createRaffle();
    const underAge = {
      ok: false,
      status: 'FAILED_PRECONDITION',
      message: MANUAL_ENTRY_MESSAGES.userUnderAge,
      details: { reason: 'entry-barred', bar: 'underAge' },
    };
    expect(
      await call('createManualEntry', { userId: young.uid, raffleId, quantity: 1 }, admin),
    ).toEqual(underAge);
    expect(
      await call(
        'addTicketsForUser',
        { userId: young.uid, raffleId, quantity: 1, minNumber: null },
        admin,
      ),
    ).toEqual(underAge);
    const postal = await callOk('recordPostalEntry', postcard(raffleId, young.email), admin);
    expect(postal).toMatchObject({ outcome: 'refused', message: POSTAL_MESSAGES.underAge });
    const tickets = await adminDb
      .collection('tickets')
      .where('raffleId', '==', raffleId)
      .where('userId', '==', young.uid)
      .get();
    expect(tickets.size).toBe(0);
  });
});
