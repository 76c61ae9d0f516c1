import { idSchema } from './fields';

describe('idSchema', () => {
  it('takes the ids the shop makes: letters, digits, _ and -, at most 128', () => {
    for (const id of ['aB3-x_9', 'a'.repeat(128), '__lead', 'trail__', 'a__b__c', '_']) {
      expect(idSchema.safeParse(id).success).toBe(true);
    }
  });

  it('refuses paths, blanks, over-long ids and the __x__ ids Firestore reserves', () => {
    for (const id of ['', 'a/b', '../x', '.', 'a'.repeat(129), '__x__', '__proto__', '____']) {
      expect(idSchema.safeParse(id)).toMatchObject({ success: false });
    }
  });
});
