import { describe, expect, it } from 'vitest';
import { changedKeys, describeFields, inWords, mergeChoices, namesIn, newerChoice } from './edit-conflict.ts';

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

  it('describes only the labelled fields, in words, names for ids', () => {
    interface Form {
      name: string;
      password: string;
      active: boolean;
      roles: string[];
      company: string | null;
    }
    const roles = [
      { uuid: 'r1', name: 'ALARM_OPERATOR' },
      { uuid: 'r2', name: 'PM_ANALYST' },
    ];
    const describe = describeFields<Form>(
      { name: 'Name', active: 'Status', roles: 'Roles', company: 'Company' },
      { roles: (uuids) => namesIn(roles, uuids), company: (uuid) => uuid ?? 'Every company' },
    );
    const form: Form = { name: 'NOC', password: 'secret', active: false, roles: ['r2', 'gone', 'r1'], company: null };
    expect(describe('name', form)).toEqual({ label: 'Name', value: 'NOC' });
    expect(describe('password', form)).toBeNull();
    expect(describe('active', form)).toEqual({ label: 'Status', value: 'No' });
    expect(describe('roles', form)).toEqual({ label: 'Roles', value: 'ALARM_OPERATOR, PM_ANALYST, gone' });
    expect(describe('company', form)).toEqual({ label: 'Company', value: 'Every company' });
    expect([inWords(null), inWords(['a', null, 2]), inWords(true)]).toEqual(['', 'a, 2', 'Yes']);
  });

  it('compares sets by their members (JSON writes every set as {})', () => {
    const opened = { clusters: new Set(['a', 'b']), name: 'x' };
    expect(changedKeys({ clusters: new Set(['b', 'a']), name: 'x' }, opened)).toEqual([]);
    expect(changedKeys({ clusters: new Set(['a']), name: 'x' }, opened)).toEqual(['clusters']);
    expect(inWords(new Set(['b', 'a']))).toBe('b, a');
  });
});
