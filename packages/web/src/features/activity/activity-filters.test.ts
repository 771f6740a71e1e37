import { activityQueryText } from '@userprofile/shared/activity-query';
import { describe, expect, it } from 'vitest';
import { toActivity } from '../../lib/paths.ts';
import { dayOf, rangeOf, readQuery, termLabel, valuesOf, withRange, withValues } from './activity-filters.ts';

const NOW = Date.parse('2026-11-28T12:00:00Z');

const termsOf = (text: string) => {
  const read = readQuery(text, NOW);
  if (!read.ok) throw new Error(read.reason);
  return read.terms;
};

describe('the text query read for the screen', () => {
  it('gives the canonical text: keys in their order, values as the grammar spells them', () => {
    expect(readQuery('Outcome:REFUSED kind:user actor:alice since:7d', NOW)).toEqual({
      ok: true,
      terms: expect.any(Array),
      text: 'actor:alice kind:user outcome:refused since:7d',
    });
  });

  it('names the wrong term and why, so the box keeps the text and says it', () => {
    const read = readQuery('actor:alice colour:red', NOW);
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.reason).toMatch(/^colour:red: Unknown filter "colour"/);
    const time = readQuery('since:yesterday', NOW);
    if (!time.ok) expect(time.reason).toContain('is not a time');
    else throw new Error('since:yesterday was read');
  });

  it('round-trips through the address', () => {
    const text = 'actor:alice actor:"bob smith" kind:user outcome:refused since:7d "bulk import"';
    const link = toActivity(readQuery(text, NOW).ok ? text : '');
    const back = new URLSearchParams(link.slice(link.indexOf('?'))).get('q') ?? '';
    expect(readQuery(back, NOW)).toMatchObject({ ok: true, text });
    expect(toActivity('')).toBe('/activity');
  });
});

describe('filter controls over the terms', () => {
  it('reads and replaces one key, leaving the others', () => {
    const terms = termsOf('actor:alice action:create action:delete outcome:refused');
    expect(valuesOf(terms, 'action')).toEqual(['create', 'delete']);
    const next = withValues(terms, 'action', ['update']);
    expect(activityQueryText(next)).toBe('actor:alice action:update outcome:refused');
    expect(activityQueryText(withValues(next, 'action', []))).toBe('actor:alice outcome:refused');
    expect(activityQueryText(withValues(next, 'actor', ['alice', ' bob ', 'alice', '']))).toBe(
      'actor:alice actor:bob action:update outcome:refused',
    );
  });

  it('shows a preset range, a custom one, or any time', () => {
    expect(rangeOf(termsOf('kind:user'))).toBe('');
    expect(rangeOf(termsOf('since:7d'))).toBe('7d');
    expect(rangeOf(termsOf('since:3h'))).toBe('custom');
    expect(rangeOf(termsOf('since:7d until:2026-11-27'))).toBe('custom');
    expect(rangeOf(termsOf('until:2026-11-27'))).toBe('custom');
  });

  it('writes a range: a preset alone, any time clears both ends, custom keeps them', () => {
    const terms = termsOf('kind:user since:2026-11-01 until:2026-11-20');
    expect(activityQueryText(withRange(terms, '24h'))).toBe('kind:user since:24h');
    expect(activityQueryText(withRange(terms, ''))).toBe('kind:user');
    expect(withRange(terms, 'custom')).toEqual(terms);
    expect(dayOf(terms, 'since')).toBe('2026-11-01');
    expect(dayOf(termsOf('since:7d'), 'since')).toBe('');
  });

  it('labels a chip in words', () => {
    expect(
      termsOf('actor:alice kind:appProfile outcome:failed channel:otherApplication since:7d until:2026-11-20 word').map(
        termLabel,
      ),
    ).toEqual([
      'Actor: alice',
      'Kind: Application profile',
      'Outcome: Failed',
      "Channel: Another application's sign-in",
      'Since: last 7 days',
      'Before: 2026-11-20',
      '"word"',
    ]);
  });
});
