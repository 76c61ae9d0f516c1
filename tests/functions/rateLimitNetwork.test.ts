/**
 * Per-IP rate limits count a network: an IPv4 address, or an IPv6 address's /64 (a line's
 * 2^64 addresses would otherwise each open a fresh window).
 */
import { rateLimitMailbox, rateLimitNetwork } from '../../functions/src/services/auth/requestInfo';

describe('rateLimitNetwork', () => {
  it('counts an IPv4 address as itself, written as IPv6 too', () => {
    expect(rateLimitNetwork('192.0.2.10')).toBe('192.0.2.10');
    expect(rateLimitNetwork('::ffff:192.0.2.10')).toBe('192.0.2.10');
    expect(rateLimitNetwork('::FFFF:192.0.2.10')).toBe('192.0.2.10');
  });

  it('counts every address of an IPv6 /64 as the same network, however written', () => {
    const network = '2001:db8:1:2::/64';
    for (const address of [
      '2001:db8:1:2::1',
      '2001:db8:1:2:ffff:ffff:ffff:ffff',
      '2001:0DB8:0001:0002:0000:0000:0000:0009',
      '[2001:db8:1:2::abcd]',
      'fe80::1%eth0'.replace('fe80::1', '2001:db8:1:2::1'),
      '2001:db8:1:2:0:0:c000:0201',
      '2001:db8:1:2::192.0.2.1',
    ]) {
      expect(rateLimitNetwork(address)).toBe(network);
    }
    expect(rateLimitNetwork('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(rateLimitNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(rateLimitNetwork('::1')).toBe('0:0:0:0::/64');
  });

  it('takes anything else as written', () => {
    expect(rateLimitNetwork('unknown')).toBe('unknown');
    expect(rateLimitNetwork('1:2:3')).toBe('1:2:3');
    expect(rateLimitNetwork('1::2::3')).toBe('1::2::3');
  });
});

describe('rateLimitMailbox', () => {
  it('counts every way of writing one mailbox as the same (the contact form and sign-up)', () => {
    // Before, `victim+1@…`, `victim+2@…` and `v.ictim@gmail.com` each had a fresh window of
    // acknowledgements to send one inbox.
    for (const address of [
      'victim@gmail.com',
      'Victim@Gmail.com',
      'victim+1@gmail.com',
      'v.i.c.t.i.m+contact@googlemail.com',
    ]) {
      expect(rateLimitMailbox(address)).toBe('victim@gmail.com');
    }
    expect(rateLimitMailbox('First.Last+shop@Example.co.uk')).toBe('first.last@example.co.uk');
    expect(rateLimitMailbox('someone@example.com')).not.toBe(
      rateLimitMailbox('some.one@example.com'),
    );
  });
});
