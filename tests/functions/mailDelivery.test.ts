/**
 * The outbox's delivery (onMailCreated → deliverMail, and redeliverMail for what the trigger did
 * not send): each e-mail reaches the SMTP server once, though its trigger is delivered at least
 * once and a write after the send may fail. The SMTP server here is a counting stand-in for the
 * transport (MailDev's own delivery is tested end to end by the http and browser suites).
 */
import { mailCollection, userSettingsPath } from '@rafflewin/domain';
import { DocumentReference } from 'firebase-admin/firestore';
import type { Transporter } from 'nodemailer';
import {
  MAIL_MAX_ATTEMPTS,
  deliverMail,
  redeliverMail,
} from '../../functions/src/services/mail/deliver';
import { queuedMail } from '../../functions/src/services/mail/templates';
import { adminDb } from '../support/admin';
import { callOk, newCustomer } from '../support/customers';

jest.setTimeout(60_000);

/** A transport that counts what it is handed; `failFirst` sends fail before one gets through. */
function countingSender(failFirst = 0) {
  const sent: string[] = [];
  let failures = failFirst;
  const transporter = {
    sendMail: async ({ to }: { to: string }) => {
      if (failures > 0) {
        failures -= 1;
        throw new Error('Connection refused');
      }
      sent.push(to);
      return {};
    },
  } as unknown as Transporter;
  return { sent, sender: { transporter, from: 'RaffleWin <shop@example.test>' } };
}

/**
 * A queued e-mail, outside the outbox itself: the emulators' own onMailCreated would deliver
 * one written to `mail/` beside these calls, to MailDev.
 */
async function queued(to: string) {
  const ref = adminDb.collection(`${mailCollection}DeliveryTest`).doc();
  await ref.set(queuedMail(to, 'Your tickets', 'Thank you.', null, new Date()));
  return ref;
}

afterEach(() => jest.restoreAllMocks());

describe('deliverMail', () => {
  it('sends once when deliveries of its trigger arrive together', async () => {
    for (let round = 0; round < 3; round += 1) {
      const ref = await queued(`together-${round}@example.test`);
      const { sent, sender } = countingSender();
      await Promise.all([1, 2].map(() => deliverMail(adminDb, ref, sender)));
      expect(sent).toEqual([`together-${round}@example.test`]);
      expect((await ref.get()).data()).toMatchObject({ status: 'sent', attempts: 1 });
      // A delivery after it finds it sent.
      await deliverMail(adminDb, ref, sender);
      expect(sent).toHaveLength(1);
    }
  });

  it('sends once when recording it as sent fails, and records it on the next try', async () => {
    const ref = await queued('recorded@example.test');
    const { sent, sender } = countingSender();
    // The first update after the send (its record) fails, as a Firestore outage would.
    jest
      .spyOn(DocumentReference.prototype, 'update')
      .mockRejectedValueOnce(new Error('14 UNAVAILABLE'));
    await deliverMail(adminDb, ref, sender);
    expect(sent).toEqual(['recorded@example.test']);
    expect((await ref.get()).get('status')).toBe('sent');
  });

  it('tries a refused send again, then records the failure', async () => {
    const ref = await queued('refused@example.test');
    const retried = countingSender(1);
    await deliverMail(adminDb, ref, retried.sender);
    expect(retried.sent).toEqual(['refused@example.test']);
    expect((await ref.get()).data()).toMatchObject({ status: 'sent', attempts: 2 });

    const never = await queued('never@example.test');
    const down = countingSender(99);
    await deliverMail(adminDb, never, down.sender);
    expect(down.sent).toEqual([]);
    expect((await never.get()).data()).toMatchObject({
      status: 'failed',
      attempts: 4,
      lastError: 'Connection refused',
    });
  });
});

describe('redeliverMail', () => {
  const outbox = adminDb.collection(`${mailCollection}RedeliveryTest`);
  const MINUTE = 60_000;

  /** An e-mail in the outbox as a delivery left it, queued `minutesAgo`. */
  async function left(to: string, minutesAgo: number, state: Record<string, unknown> = {}) {
    const ref = outbox.doc();
    const queuedAt = new Date(Date.now() - minutesAgo * MINUTE);
    await ref.set({ ...queuedMail(to, 'Your tickets', 'Thank you.', null, queuedAt), ...state });
    return ref;
  }

  it('sends what its trigger never sent, once, and leaves what is still being sent', async () => {
    // Before, an e-mail still pending (its trigger's delivery lost, or the emulators stopped
    // with it queued) or refused by every try of its trigger was never sent.
    const lost = await left('lost@example.test', 5);
    const fresh = await left('fresh@example.test', 0);
    const died = await left('died@example.test', 30, {
      status: 'sending',
      claimedAt: new Date(Date.now() - 20 * MINUTE),
      claimId: 'gone',
    });
    const busy = await left('busy@example.test', 1, {
      status: 'sending',
      claimedAt: new Date(),
      claimId: 'busy',
    });
    const refused = await left('refused@example.test', 20, {
      status: 'failed',
      attempts: 4,
      lastError: 'Connection refused',
    });
    const { sent, sender } = countingSender();
    const runs = await Promise.all(
      [1, 2].map(() => redeliverMail(adminDb, new Date(), { outbox, sender })),
    );
    expect(runs.reduce((a, b) => a + b, 0)).toBe(3);
    expect([...sent].sort()).toEqual([
      'died@example.test',
      'lost@example.test',
      'refused@example.test',
    ]);
    expect((await refused.get()).data()).toMatchObject({ status: 'sent', attempts: 5 });
    expect((await lost.get()).get('status')).toBe('sent');
    expect((await died.get()).get('status')).toBe('sent');
    expect((await fresh.get()).get('status')).toBe('pending');
    expect((await busy.get()).get('status')).toBe('sending');
  });

  it('holds back an offer whose customer stopped taking offers before it could be sent', async () => {
    const customers = await Promise.all([
      newCustomer('Opted', 'Out'),
      newCustomer('On', 'Break'),
      newCustomer('Still', 'Keen'),
    ]);
    const [optedOut, onBreak, keen] = customers;
    await Promise.all(
      customers.map(({ uid }) =>
        adminDb.doc(userSettingsPath(uid)).set({ marketingEmails: true }, { merge: true }),
      ),
    );
    // Queued while each took offers; the SMTP server refused every try of its trigger.
    const offers = await Promise.all(
      customers.map(({ uid, email }) =>
        left(email, 20, {
          status: 'failed',
          attempts: 4,
          lastError: 'Connection refused',
          marketingFor: { uid, kind: 'messages' },
        }),
      ),
    );
    // An e-mail about an order is not an offer: it goes whatever the choices.
    const service = await left(optedOut!.email, 20, { status: 'failed', attempts: 4 });
    await adminDb.doc(userSettingsPath(optedOut!.uid)).update({ marketingEmails: false });
    await callOk('startPlayBreak', { period: '7d' }, onBreak!);
    const { sent, sender } = countingSender();
    expect(await redeliverMail(adminDb, new Date(), { outbox, sender })).toBe(2);
    expect([...sent].sort()).toEqual([keen!.email, optedOut!.email].sort());
    const statuses = await Promise.all(offers.map(async (ref) => (await ref.get()).get('status')));
    expect(statuses).toEqual(['withheld', 'withheld', 'sent']);
    expect((await service.get()).get('status')).toBe('sent');
  });

  it('stops trying after its attempts, or a day', async () => {
    const tried = await left('tried@example.test', 60, {
      status: 'failed',
      attempts: MAIL_MAX_ATTEMPTS,
      lastError: 'Mailbox unavailable',
    });
    const old = await left('old@example.test', 25 * 60, { status: 'failed', attempts: 4 });
    const stillDown = await left('down@example.test', 10, { status: 'failed', attempts: 4 });
    const down = countingSender(99);
    expect(await redeliverMail(adminDb, new Date(), { outbox, sender: down.sender })).toBe(0);
    expect(down.sent).toEqual([]);
    expect((await tried.get()).get('attempts')).toBe(MAIL_MAX_ATTEMPTS);
    expect((await old.get()).get('attempts')).toBe(4);
    // Tried again (four more attempts), and still failed.
    expect((await stillDown.get()).data()).toMatchObject({ status: 'failed', attempts: 8 });
  });

  it('marks an e-mail undeliverable once its attempts are used up, so such e-mails never hold the others back', async () => {
    // Left failed, the 50 oldest of them filled every run's batch, and no other e-mail was
    // tried again until they were a day old.
    const usedUp = await Promise.all(
      Array.from({ length: 55 }, (_, i) =>
        left(`used-${i}@example.test`, 120, {
          status: 'failed',
          attempts: MAIL_MAX_ATTEMPTS,
          lastError: 'Mailbox unavailable',
        }),
      ),
    );
    const waiting = await left('waiting@example.test', 10, { status: 'failed', attempts: 4 });
    const { sent, sender } = countingSender();
    const count = await redeliverMail(adminDb, new Date(), { outbox, sender });
    expect(sent).toContain('waiting@example.test');
    expect(sent.filter((to) => to.startsWith('used-'))).toEqual([]);
    expect(count).toBe(sent.length);
    expect((await waiting.get()).get('status')).toBe('sent');
    const statuses = await Promise.all(usedUp.map(async (ref) => (await ref.get()).get('status')));
    expect(new Set(statuses)).toEqual(new Set(['undeliverable']));

    // The delivery that uses up the last attempts marks it so itself.
    const lastTries = await left('last@example.test', 30, {
      status: 'failed',
      attempts: MAIL_MAX_ATTEMPTS - 4,
    });
    const down = countingSender(99);
    expect(await redeliverMail(adminDb, new Date(), { outbox, sender: down.sender })).toBe(0);
    expect((await lastTries.get()).data()).toMatchObject({
      status: 'undeliverable',
      attempts: MAIL_MAX_ATTEMPTS,
    });
  });
});
