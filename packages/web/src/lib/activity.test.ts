import { describe, expect, it } from 'vitest';
import { activityByUser, activityOfCorrelation, activityOnRecord } from './activity.ts';

const U = '3f2b8c1e-5d4a-4c6b-9e7f-1a2b3c4d5e6f';
const q = (link: string) => new URLSearchParams(link.slice(link.indexOf('?'))).get('q');

describe('links to the activity log', () => {
  it('names the query in the address, in its canonical text', () => {
    expect(q(activityByUser('alice'))).toBe('actor:alice');
    expect(q(activityOnRecord('user', U))).toBe(`target:${U} kind:user`);
    expect(q(activityOfCorrelation(['c1', 'c2']))).toBe('correlation:c1 correlation:c2');
    expect(activityByUser('alice')).toMatch(/^\/activity\?q=/);
  });
});
