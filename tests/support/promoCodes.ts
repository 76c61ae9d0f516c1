import type { SavePromoCodeInput } from '@rafflewin/domain';
import { callOk, type Customer } from './customers';

/** A code no other test uses. */
export const uniqueCode = () => `T-${Math.random().toString(36).slice(2, 10).toUpperCase()}`;

/** A new code's input: 10% off every raffle, once per customer, no other limit. */
export const promoCodeInput = (
  overrides: Partial<SavePromoCodeInput> = {},
): SavePromoCodeInput => ({
  create: true,
  code: uniqueCode(),
  kind: 'percent',
  value: 10,
  startsAt: null,
  endsAt: null,
  maxUses: null,
  maxUsesPerCustomer: 1,
  minSpend: 0,
  raffleIds: [],
  active: true,
  ...overrides,
});

/** A code `admin` saved (promoCodeInput's, unless told), by its name. */
export async function newPromoCode(
  admin: Customer,
  overrides: Partial<SavePromoCodeInput> = {},
): Promise<string> {
  const input = promoCodeInput(overrides);
  await callOk('savePromoCode', input, admin);
  return input.code;
}
