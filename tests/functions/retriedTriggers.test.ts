/**
 * The Firestore triggers that no scheduled sweep catches up on (a support message counted and
 * its reply told, a draw's result announced) are delivered again when they fail. The emulator
 * never redelivers, so this holds their deployed options to it, and the day after which a
 * failing event is dropped.
 */
import { onDrawRecorded } from '../../functions/src/functions/onDrawRecorded';
import { onSupportMessageCreated } from '../../functions/src/functions/onSupportMessageCreated';
import { RETRY_FOR_MS, stillWorthHandling } from '../../functions/src/lib/retried';

describe('triggers that nothing else catches up on', () => {
  it('are delivered again when they fail (before, one failure lost the reply or the result)', () => {
    for (const trigger of [onDrawRecorded, onSupportMessageCreated]) {
      expect(trigger.__endpoint.eventTrigger?.retry).toBe(true);
    }
  });

  it('drop an event still failing after a day, rather than trying it for a week', () => {
    const now = Date.parse('2026-12-07T12:00:00Z');
    const at = (msAgo: number) => ({ id: 'event', time: new Date(now - msAgo).toISOString() });
    expect(stillWorthHandling(at(60_000), now)).toBe(true);
    expect(stillWorthHandling(at(RETRY_FOR_MS - 1), now)).toBe(true);
    expect(stillWorthHandling(at(RETRY_FOR_MS + 1), now)).toBe(false);
  });
});
