/**
 * The callable protocol over HTTP, which the in-process suites do not cross: requests the SDK
 * or our wrapper refuse before any handler runs, and the ID token as the Functions runtime
 * verifies it.
 */
import { functionUrl, toWire } from '../support/callables';
import { callRaw, call, newCustomer } from '../support/customers';

jest.setTimeout(60_000);

async function post(name: string, body: string, headers: Record<string, string> = {}) {
  const response = await fetch(functionUrl(name), {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body,
  });
  return { status: response.status, body: (await response.json()) as { error?: object } };
}

describe('the callable protocol', () => {
  it('refuses data the SDK cannot decode as a plain bad request, before any role check', async () => {
    for (const data of [
      { '@type': 'type.googleapis.com/google.protobuf.Int64Value', value: 'lots' },
      { items: [{ '@type': 'type.googleapis.com/google.protobuf.Struct', value: {} }] },
      { '@type': true },
    ]) {
      for (const name of ['startCheckout', 'saveRaffle', 'submitSupportTicket']) {
        expect(await post(name, toWire(data))).toEqual({
          status: 400,
          body: { error: { status: 'INVALID_ARGUMENT', message: 'Invalid request' } },
        });
      }
    }
  });

  it('decodes 64-bit integers as numbers, as clients may send them', async () => {
    const customer = await newCustomer();
    const answer = await callRaw(
      'setSpendLimit',
      {
        monthlyLimit: { '@type': 'type.googleapis.com/google.protobuf.Int64Value', value: '5000' },
      },
      customer,
    );
    expect(answer).toMatchObject({ ok: true });
  });

  it('refuses a request without data', async () => {
    expect((await post('startCheckout', '{}')).body).toMatchObject({
      error: { status: 'INVALID_ARGUMENT' },
    });
  });

  it('treats a token that is not a Firebase ID token as no account at all', async () => {
    // Production's runtime answers 401 before the handler; the emulator passes it through.
    const answer = await post(
      'startCheckout',
      toWire({ items: [{ raffleId: 'x', quantity: 1 }] }),
      {
        authorization: 'Bearer not-a-token',
      },
    );
    expect(answer.body).toMatchObject({ error: { status: 'UNAUTHENTICATED' } });
  });

  it('answers a guest with the role check, a customer with validation', async () => {
    expect(await call('listUsers', { search: '', searchBy: 'email', cursor: null })).toMatchObject({
      ok: false,
      status: 'UNAUTHENTICATED',
    });
    const customer = await newCustomer();
    expect(await call('startCheckout', { items: [] }, customer)).toMatchObject({
      ok: false,
      status: 'INVALID_ARGUMENT',
    });
  });
});
