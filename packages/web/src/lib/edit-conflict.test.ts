import { describe, expect, it } from 'vitest';
import { changedKeys, mergeChoices, newerChoice } from './edit-conflict.ts';

const opened = { email: 'a@x', firstName: 'Ann', lastName: 'Lee' };

describe('edit conflict (issue 34 item 2)', () => {
  it('lists the fields the other save changed', () => {
    expect(changedKeys({ ...opened, email: 'b@x' }, opened)).toEqual(['email']);
  });

  it('keeps the newer value: theirs where this editor left the field, else the later change', () => {
    const form = { ...opened, firstName: 'Anna' };
    const edited = new Map([['firstName', 1_000]]);
    expect(newerChoice('email', form, opened, edited, null)).toBe('theirs');
    expect(newerChoice('firstName', form, opened, edited, 2_000)).toBe('theirs');
    expect(newerChoice('firstName', form, opened, edited, 500)).toBe('mine');
    expect(newerChoice('firstName', form, opened, edited, null)).toBe('mine');
  });

  it('merges the choices into the edited form', () => {
    const form = { ...opened, firstName: 'Anna' };
    const theirs = { ...opened, email: 'b@x', firstName: 'Annie' };
    expect(mergeChoices(form, theirs, { email: 'theirs', firstName: 'mine' })).toEqual({
      ...opened,
      email: 'b@x',
      firstName: 'Anna',
    });
  });
});
