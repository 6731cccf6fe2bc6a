import { describe, expect, it } from 'vitest';
import { type ChangeNotice, createChangeHub } from '../../src/upstream/change-events.ts';

/**
 * The hub behind `subscription { changes }` (src/upstream/change-events.ts), alone: one log bounded
 * in bytes for every subscriber, so a subscriber that does not read costs nothing more and is ended
 * once the log has dropped what it had not read; a subscriber whose client went gives its place back
 * at once, even while it waits for the next change. Over HTTP: change-subscription.test.ts.
 */
const movie = (id: number): ChangeNotice => ({ kind: 'movie', id, at: 0 });

function opened(subscribed: ReturnType<ReturnType<typeof createChangeHub>['subscribe']>) {
  if ('refused' in subscribed) throw new Error(`refused: ${subscribed.refused}`);
  return subscribed.notices;
}

describe('change hub', () => {
  it('ends a subscriber the log has left behind, and keeps the log within its bytes', async () => {
    const hub = createChangeHub({ maxSubscribers: 10, maxPerClient: 10, logBytes: 1_000 });
    const slow = opened(hub.subscribe({ client: 'a' }));
    const reading = opened(hub.subscribe({ client: 'b' }));
    hub.publish([movie(1)]);
    expect((await reading.next()).value).toEqual(movie(1));
    // About 96 bytes a notice: 20 of them are more than the log keeps.
    hub.publish(Array.from({ length: 20 }, (_, i) => movie(100 + i)));
    expect(await slow.next()).toEqual({ done: true, value: undefined });
    expect(hub.stats).toMatchObject({ open: 1, lagged: 1 });
    // The one that read on hears from where the log still holds, and is then ended too: it cannot be told the whole story.
    expect(await reading.next()).toEqual({ done: true, value: undefined });
  });

  it('tells each subscriber only the kinds it asked for', async () => {
    const hub = createChangeHub({ maxSubscribers: 10, maxPerClient: 10 });
    const people = opened(hub.subscribe({ kinds: ['person'] }));
    hub.publish([movie(1), { kind: 'person', id: 2, at: 0, keys: ['name'] }]);
    expect((await people.next()).value).toEqual({ kind: 'person', id: 2, at: 0, keys: ['name'] });
    expect(hub.stats.delivered).toBe(1);
  });

  it('gives the place back when the client goes while the subscriber waits', async () => {
    const hub = createChangeHub({ maxSubscribers: 10, maxPerClient: 1 });
    const gone = new AbortController();
    const waiting = opened(hub.subscribe({ client: 'a', signal: gone.signal })).next();
    expect(hub.subscribe({ client: 'a' })).toEqual({ refused: 'client', max: 1 });
    gone.abort();
    expect(await waiting).toEqual({ done: true, value: undefined });
    expect(hub.stats.open).toBe(0);
    const again = opened(hub.subscribe({ client: 'a' }));
    // `return` while a `next` waits: both settle at once, with no change published.
    const pending = again.next();
    await again.return?.();
    expect(await pending).toEqual({ done: true, value: undefined });
    expect(hub.stats.open).toBe(0);
  });
});
