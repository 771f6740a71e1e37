import { describe, expect, it } from 'vitest';
import { actorView, countsText, retentionText, searchedToText, targetHref } from './activity-event.ts';

const U = '3f2b8c1e-5d4a-4c6b-9e7f-1a2b3c4d5e6f';
const time = (at: string) => `<${at.slice(0, 10)}>`;

describe('an event in words', () => {
  it('names the actor with its role then, "another administrator" withheld, or no one', () => {
    expect(actorView({ action: 'update', actor: { uuid: U, username: 'alice', role: 'ADMIN' } })).toEqual({
      kind: 'user',
      name: 'alice',
      role: 'ADMIN',
    });
    expect(actorView({ action: 'update', actor: { withheld: true, name: 'another administrator' } })).toEqual({
      kind: 'withheld',
      name: 'another administrator',
    });
    expect(actorView({ action: 'sync', actor: null }).name).toBe('the server');
    expect(actorView({ action: 'signIn', actor: null }).name).toBe('not signed in');
  });

  it('links the target to its editor only where the reader may open that kind', () => {
    const user = {
      target: { kind: 'user' as const, uuid: U, name: 'bob' },
      action: 'update' as const,
      outcome: 'succeeded' as const,
    };
    expect(targetHref(user, 'SCO_ADMIN')).toBe(`/user/edit/${U}`);
    const profile = { ...user, target: { kind: 'businessProfile' as const, uuid: U, name: 'P' } };
    expect(targetHref(profile, 'SCO_ADMIN')).toBeNull();
    expect(targetHref(profile, 'ADMIN')).toBe(`/profile/business/edit/${U}`);
    const client = { ...user, target: { kind: 'authClient' as const, uuid: U, name: 'c' } };
    expect(targetHref(client, 'ADMIN')).toBeNull();
    expect(targetHref(client, 'ERRIGAL_ADMIN')).toBe(`/authClient/edit/${U}`);
    expect(targetHref({ ...user, target: { kind: 'visibility', uuid: U, name: 'set' } }, 'ERRIGAL_ADMIN')).toBeNull();
    expect(targetHref({ ...user, target: { kind: 'user', uuid: null, name: 'nobody' } }, 'ERRIGAL_ADMIN')).toBeNull();
    expect(targetHref({ ...user, action: 'delete' }, 'ERRIGAL_ADMIN')).toBeNull();
    // A refused delete left the record: it still opens.
    expect(targetHref({ ...user, action: 'delete', outcome: 'refused' }, 'ERRIGAL_ADMIN')).toBe(`/user/edit/${U}`);
    expect(targetHref({ ...user, target: null }, 'ERRIGAL_ADMIN')).toBeNull();
  });

  it('writes a bulk action’s counts', () => {
    expect(countsText({ done: 1200, unchanged: 1, refused: 2 })).toBe('done 1,200 · unchanged 1 · refused 2');
    expect(countsText(undefined)).toBe('');
  });
});

describe('the retention line', () => {
  it('says the limits, the oldest event and the last purge', () => {
    expect(
      retentionText(
        {
          maxEvents: 100000,
          maxAgeDays: 90,
          oldest: '2026-11-01T00:00:00Z',
          lastPurge: '2026-11-27T03:00:00Z',
          purged: 12,
        },
        time,
      ),
    ).toBe('Keeps up to 100,000 events for 90 days · oldest event <2026-11-01> · last purge <2026-11-27> (12 removed)');
  });

  it('says when nothing is kept or nothing was purged', () => {
    expect(retentionText({ maxEvents: 10, maxAgeDays: 1, oldest: null, lastPurge: null, purged: 0 }, time)).toBe(
      'Keeps up to 10 events for 1 day · no events kept yet · never purged yet',
    );
  });

  it('says how far back a page searched', () => {
    expect(searchedToText('2026-11-20T00:00:00Z', time, 3)).toBe(
      'Searched back to <2026-11-20>; older events were not searched yet.',
    );
    expect(searchedToText('2026-11-20T00:00:00Z', time, 0)).toMatch(/^No events found back to <2026-11-20>/);
  });
});
