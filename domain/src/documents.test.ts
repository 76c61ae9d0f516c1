import { z } from 'zod';
import { parseDocument, timestampsToDates } from './documents';

class FakeTimestamp {
  constructor(private readonly millis: number) {}
  toDate() {
    return new Date(this.millis);
  }
}

describe('stored documents', () => {
  it('turns timestamps into dates at any depth', () => {
    const converted = timestampsToDates({
      at: new FakeTimestamp(0),
      items: [{ at: new FakeTimestamp(1000) }],
      name: 'x',
    });
    expect(converted).toEqual({ at: new Date(0), items: [{ at: new Date(1000) }], name: 'x' });
  });

  it('parses with the schema and adds the id', () => {
    const schema = z.object({ at: z.date(), n: z.number() });
    expect(parseDocument(schema, { at: new FakeTimestamp(5), n: 1, extra: 2 }, 'abc')).toEqual({
      at: new Date(5),
      n: 1,
      id: 'abc',
    });
  });

  it('refuses a malformed document', () => {
    expect(() => parseDocument(z.object({ n: z.number() }), { n: 'one' }, 'abc')).toThrow();
  });
});
