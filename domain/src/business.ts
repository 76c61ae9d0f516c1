/**
 * The operator's business details as people read them: the company line every footer and
 * e-mail carries (the Companies Act's trading disclosures: registered name, number, where it is
 * registered and its registered office) and the postal entry address every raffle names.
 */
import type { SiteSettings } from './collections/settings';

export type BusinessDetails = Pick<
  SiteSettings,
  'siteName' | 'legalName' | 'companyNumber' | 'registeredOffice' | 'postalEntryAddress'
>;

/**
 * Stands for the postal entry address in a raffle's postal entry text: it reads the address
 * from Site Settings when shown, so a new address reaches every raffle at once.
 */
export const POSTAL_ADDRESS_PLACEHOLDER = '[postal entry address]';

/**
 * Stands for the shop's name in a queued e-mail: the mailer writes Site Settings' name in its
 * place as it sends, so every e-mail carries the name the operator chose, and a new name reaches
 * e-mails still waiting to go.
 */
export const SHOP_NAME_PLACEHOLDER = '[shop name]';

/** A queued e-mail's words with the shop's name in place of its placeholder. */
export function withShopName(text: string, siteName: string): string {
  // A function, so that a `$&` or `$'` in the name is written as it is, not as a pattern.
  return text.replaceAll(SHOP_NAME_PLACEHOLDER, () => siteName);
}

/** Scottish and Northern Irish company numbers start with these letters; the rest are English. */
const SCOTTISH_PREFIXES = ['SC', 'SO', 'SL', 'SA', 'SF', 'SP', 'SZ', 'SR', 'SE', 'SG'];
const NORTHERN_IRISH_PREFIXES = ['NI', 'NC', 'NF', 'NL', 'NO', 'NP', 'NR', 'NZ', 'R0'];

/** Where a company with this number is registered. */
export function companyJurisdiction(companyNumber: string): string {
  const prefix = companyNumber.slice(0, 2).toUpperCase();
  if (SCOTTISH_PREFIXES.includes(prefix)) return 'Scotland';
  if (NORTHERN_IRISH_PREFIXES.includes(prefix)) return 'Northern Ireland';
  return 'England and Wales';
}

/** A multi-line address on one line, its lines joined by commas. */
export function addressOnOneLine(address: string): string {
  return address
    .split(/\r?\n/)
    .map((line) => line.trim().replace(/,$/, ''))
    .filter(Boolean)
    .join(', ');
}

/** Who runs the shop: the registered name, or the shop's name until one is set. */
export function operatorName(details: Pick<BusinessDetails, 'siteName' | 'legalName'>): string {
  return details.legalName || details.siteName;
}

/**
 * The company line, e.g. "RaffleWin Ltd, registered in England and Wales, company number
 * 01234567. Registered office: 1 Example Street, London EC1A 1AA." Only what is set is
 * stated; empty when no legal name is set.
 */
export function companyLine(details: BusinessDetails): string {
  if (!details.legalName) return '';
  const registration = details.companyNumber
    ? `, registered in ${companyJurisdiction(details.companyNumber)}, company number ${details.companyNumber}`
    : '';
  const office = details.registeredOffice
    ? ` Registered office: ${addressOnOneLine(details.registeredOffice)}.`
    : '';
  return `${details.legalName}${registration}.${office}`;
}

/** A raffle's postal entry text with the postal entry address of Site Settings in it. */
export function postalEntryTextWith(
  text: string,
  details: Pick<BusinessDetails, 'postalEntryAddress'>,
): string {
  const address = addressOnOneLine(details.postalEntryAddress);
  return address ? text.replaceAll(POSTAL_ADDRESS_PLACEHOLDER, () => address) : text;
}

/** Whether raffles may go live: each names the postal entry address as its free route. */
export function hasPostalEntryAddress(details: Pick<BusinessDetails, 'postalEntryAddress'>) {
  return details.postalEntryAddress.trim() !== '';
}
