import { sendNotificationInput } from '../callables/sendNotification';
import {
  conversationStatusLabel,
  statusAfterMessage,
  supportMessageInput,
  supportSearchQuery,
  supportSearchTerms,
  supportStatusLabel,
} from './support';

describe('support ticket status', () => {
  it('becomes replied when support answers, whatever it was', () => {
    for (const status of ['open', 'in_progress', 'replied', 'closed'] as const) {
      expect(statusAfterMessage(status, 'admin')).toBe('replied');
    }
  });

  it('goes back to in progress when the customer writes after a reply', () => {
    expect(statusAfterMessage('replied', 'user')).toBe('in_progress');
    expect(statusAfterMessage('in_progress', 'user')).toBe('in_progress');
    expect(statusAfterMessage('open', 'user')).toBe('open');
  });

  it('reopens a closed ticket when the customer writes', () => {
    expect(statusAfterMessage('closed', 'user')).toBe('open');
  });

  it('labels statuses as the badges and pill do, and a resolved one as closed', () => {
    expect(['open', 'in_progress', 'replied', 'closed', 'odd'].map(supportStatusLabel)).toEqual([
      'Open',
      'In Progress',
      'Replied',
      'Closed',
      'Active',
    ]);
    expect(conversationStatusLabel('open')).toBe('Open');
    expect(conversationStatusLabel('replied')).toBe('Active');
    expect(conversationStatusLabel('closed')).toBe('Closed');
  });
});

describe('support search', () => {
  const terms = supportSearchTerms({
    subject: 'Délivery of my PRIZE',
    name: 'Jane Smith',
    email: 'Jane.Smith@Example.com',
    reference: 'RW-ABCD2345',
  });

  it('finds a ticket by e-mail or reference exactly, in any case', () => {
    expect(terms).toEqual(expect.arrayContaining(['jane.smith@example.com', 'rw-abcd2345']));
    expect(supportSearchQuery(' JANE.smith@example.COM ')).toEqual(['jane.smith@example.com']);
    expect(supportSearchQuery('rw-ABCD2345')).toEqual(['rw-abcd2345']);
    expect(terms).toContain('abcd2345');
  });

  it('stores and searches whole characters only (𠮷 is two UTF-16 units)', () => {
    const cjk = supportSearchTerms({
      subject: '田𠮷 order',
      name: '𠮷田 Hana',
      email: 'hana@example.com',
      reference: 'RW-ABCD2345',
    });
    expect(cjk.filter((term) => /\p{Cs}/u.test(term))).toEqual([]);
    expect(cjk).toEqual(expect.arrayContaining(['田𠮷', '𠮷田']));
    expect(supportSearchQuery('田𠮷')).toEqual(['田𠮷']);
  });

  it('finds a ticket by the start of a word of its subject or name, without accents', () => {
    for (const term of ['de', 'deliv', 'delivery', 'prize', 'pr', 'smith', 'jane']) {
      expect(terms).toContain(term);
    }
    expect(terms).not.toContain('elivery');
    expect(terms).not.toContain('m');
  });

  it('turns several words into terms that must all match, longest first', () => {
    expect(supportSearchQuery('prize  Delivery a')).toEqual(['delivery', 'prize']);
    expect(supportSearchQuery('   ')).toEqual([]);
  });
});

describe('support message and notification inputs', () => {
  it('trims messages and refuses blank ones', () => {
    expect(supportMessageInput.parse({ message: '  Hello  ' })).toEqual({ message: 'Hello' });
    expect(supportMessageInput.safeParse({ message: '   ' }).success).toBe(false);
  });

  it('asks for a user unless sending to all, and for a title and message', () => {
    const base = { sendToAll: false, userId: null, type: 'system', title: '', message: '' };
    const result = sendNotificationInput.safeParse(base);
    expect(result.success).toBe(false);
    const messages = result.error?.issues.map((issue) => issue.message);
    expect(messages).toEqual(
      expect.arrayContaining(['Please select a user', 'Title and message are required']),
    );
    expect(
      sendNotificationInput.safeParse({ ...base, sendToAll: true, title: 'Hi', message: 'All' })
        .success,
    ).toBe(true);
    expect(
      sendNotificationInput.safeParse({ ...base, userId: 'u1', title: 'Hi', message: 'You' })
        .success,
    ).toBe(true);
  });
});
