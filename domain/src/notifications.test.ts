import { formatRelativeTime, truncateText } from './notifications';

describe('relative times of notifications', () => {
  const now = new Date('2025-06-10T12:00:00Z');
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const MINUTE = 60_000;

  it('counts minutes under an hour', () => {
    expect(formatRelativeTime(ago(20_000), now)).toBe('Just now');
    expect(formatRelativeTime(ago(MINUTE), now)).toBe('1 minute ago');
    expect(formatRelativeTime(ago(59 * MINUTE), now)).toBe('59 minutes ago');
  });

  it('counts hours under a day and days under a week', () => {
    expect(formatRelativeTime(ago(60 * MINUTE), now)).toBe('1 hour ago');
    expect(formatRelativeTime(ago(23 * 60 * MINUTE), now)).toBe('23 hours ago');
    expect(formatRelativeTime(ago(24 * 60 * MINUTE), now)).toBe('1 day ago');
    expect(formatRelativeTime(ago(6 * 24 * 60 * MINUTE), now)).toBe('6 days ago');
  });

  it('gives the date from a week on, and "Just now" for a clock running ahead', () => {
    expect(formatRelativeTime(ago(7 * 24 * 60 * MINUTE), now)).toBe('03 Jun 2025');
    expect(formatRelativeTime(new Date(now.getTime() + 5 * MINUTE), now)).toBe('Just now');
  });
});

describe('truncating notification texts', () => {
  it('keeps texts of up to 80 characters whole', () => {
    const text = 'x'.repeat(80);
    expect(truncateText(text)).toEqual({ text, truncated: false });
  });

  it('cuts longer ones at 80 characters with an ellipsis', () => {
    const { text, truncated } = truncateText(`${'word '.repeat(20)}end`);
    expect(truncated).toBe(true);
    expect(text).toBe(`${'word '.repeat(16).trimEnd()}…`);
  });

  it('never cuts a character in two', () => {
    // An emoji across the 80th unit is left out whole, not cut in half.
    expect(truncateText(`${'x'.repeat(79)}😀 and more`).text).toBe(`${'x'.repeat(79)}…`);
  });
});
