import {
  POSTAL_ADDRESS_PLACEHOLDER,
  SHOP_NAME_PLACEHOLDER,
  companyJurisdiction,
  companyLine,
  operatorName,
  postalEntryTextWith,
  withShopName,
} from './business';
import { DEFAULT_POSTAL_ENTRY_TEXT } from './callables/saveRaffle';
import { generalSettingsSchema } from './collections/settings';
import { DEFAULT_SITE_SETTINGS } from './collections/settingsDefaults';

const details = {
  siteName: 'RaffleWin',
  legalName: 'RaffleWin Ltd',
  companyNumber: '01234567',
  registeredOffice: '1 Example Street,\nLondon\nEC1A 1AA',
  postalEntryAddress: 'RaffleWin Entries\nPO Box 7\nLeeds LS1 1AA',
};

describe('the company line', () => {
  it('states the registered name, where and under what number, and the registered office', () => {
    expect(companyLine(details)).toBe(
      'RaffleWin Ltd, registered in England and Wales, company number 01234567. ' +
        'Registered office: 1 Example Street, London, EC1A 1AA.',
    );
  });

  it('says only what is set, and nothing without a legal name', () => {
    expect(companyLine({ ...details, companyNumber: '', registeredOffice: '' })).toBe(
      'RaffleWin Ltd.',
    );
    expect(companyLine({ ...details, legalName: '' })).toBe('');
    expect(operatorName({ ...details, legalName: '' })).toBe('RaffleWin');
    expect(operatorName(details)).toBe('RaffleWin Ltd');
  });

  it('knows Scottish and Northern Irish companies by their number', () => {
    expect(companyJurisdiction('SC123456')).toBe('Scotland');
    expect(companyJurisdiction('NI654321')).toBe('Northern Ireland');
    expect(companyJurisdiction('OC301234')).toBe('England and Wales');
  });
});

describe('the shop’s name in an e-mail', () => {
  it('is written in wherever the placeholder stands', () => {
    const text = `Reset your ${SHOP_NAME_PLACEHOLDER} password\n\nThe ${SHOP_NAME_PLACEHOLDER} team`;
    expect(withShopName(text, 'Prize Palace')).toBe(
      'Reset your Prize Palace password\n\nThe Prize Palace team',
    );
    expect(withShopName(`The ${SHOP_NAME_PLACEHOLDER} team`, "Win $& $' Co")).toBe(
      "The Win $& $' Co team",
    );
  });
});

describe('the postal entry address', () => {
  it('is named in the postal entry text of a new raffle when shown', () => {
    expect(DEFAULT_POSTAL_ENTRY_TEXT).toContain(POSTAL_ADDRESS_PLACEHOLDER);
    expect(postalEntryTextWith(DEFAULT_POSTAL_ENTRY_TEXT, details)).toContain(
      'the name of this competition to RaffleWin Entries, PO Box 7, Leeds LS1 1AA. One ticket',
    );
    expect(postalEntryTextWith('Write to us.', details)).toBe('Write to us.');
    const dollars = { postalEntryAddress: 'Flat $1\nPO Box $&' };
    expect(postalEntryTextWith(`Send it to ${POSTAL_ADDRESS_PLACEHOLDER}.`, dollars)).toBe(
      'Send it to Flat $1, PO Box $&.',
    );
  });
});

describe('the business details in Site Settings', () => {
  const general = {
    ...DEFAULT_SITE_SETTINGS,
    ...details,
  };
  const { siteName, siteDescription, contactEmail, supportPhone, address } = general;
  const form = {
    siteName,
    siteDescription,
    contactEmail,
    supportPhone,
    address,
    legalName: general.legalName,
    companyNumber: ' sc123456 ',
    registeredOffice: general.registeredOffice,
    postalEntryAddress: general.postalEntryAddress,
    maintenanceMode: false,
    registrationEnabled: true,
    allowGuestViews: true,
    refuseWrongAnswers: false,
  };

  it('reads a company number in capitals, and refuses one Companies House would not issue', () => {
    expect(generalSettingsSchema.parse(form).companyNumber).toBe('SC123456');
    expect(generalSettingsSchema.parse({ ...form, companyNumber: '' }).companyNumber).toBe('');
    for (const companyNumber of ['1234567', '123456789', 'S1234567', 'SC12345X']) {
      expect(generalSettingsSchema.safeParse({ ...form, companyNumber }).success).toBe(false);
    }
  });
});
