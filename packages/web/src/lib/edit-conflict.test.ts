import { describe, expect, it } from 'vitest';
import {
  changedKeys,
  conflictOf,
  conflictView,
  describeFields,
  inWords,
  listInWords,
  mergeChoices,
  mergeEdits,
  namesIn,
  newerChoice,
} from './edit-conflict.ts';

const opened = { email: 'a@x', firstName: 'Ann', lastName: 'Lee' };

describe('edit conflict', () => {
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

describe('three-way merge of an edit over a newer save', () => {
  const opened = { deskPhone: '1', mobilePhone: '2', lastName: 'Lee', roles: ['a'] };

  it('takes a field changed only there and keeps one changed only here: nothing to ask', () => {
    const theirs = { ...opened, deskPhone: '10' };
    const mine = { ...opened, mobilePhone: '20' };
    expect(mergeEdits(opened, theirs, mine)).toEqual({
      merged: { ...opened, deskPhone: '10', mobilePhone: '20' },
      taken: ['deskPhone'],
      asked: [],
    });
  });

  it('asks only about a field changed on both sides to different values', () => {
    const theirs = { ...opened, deskPhone: '10', lastName: 'Li', roles: ['a', 'b'] };
    const mine = { ...opened, deskPhone: '30', lastName: 'Li', mobilePhone: '20' };
    const { merged, taken, asked } = mergeEdits(opened, theirs, mine);
    expect(asked).toEqual(['deskPhone']);
    expect(taken).toEqual(['roles']);
    // Until chosen, the asked field is mine; the same change on both sides is no question.
    expect(merged).toEqual({ deskPhone: '30', mobilePhone: '20', lastName: 'Li', roles: ['a', 'b'] });
  });

  it('the dialog lists the asked fields only, says what it took, and saves the choices over the merge', () => {
    const theirs = { ...opened, deskPhone: '10', lastName: 'Li' };
    const mine = { ...opened, deskPhone: '30', mobilePhone: '20' };
    const describe = describeFields<typeof opened>({
      deskPhone: 'Desk Phone',
      mobilePhone: 'Mobile Phone',
      lastName: 'Last Name',
    });
    const state = conflictOf('fresh', theirs, opened, mergeEdits(opened, theirs, mine), {
      describe,
      editedAt: new Map(),
      theirsAt: null,
    });
    expect(state?.keys).toEqual(['deskPhone']);
    let saved: typeof opened | null = null;
    const view = conflictView(state as NonNullable<typeof state>, mine, opened, {
      what: 'customer.admin',
      describe,
      editedAt: new Map(),
      theirsAt: null,
      update: () => {},
      save: (form) => {
        saved = form;
      },
      reload: () => {},
    });
    expect(view.taken).toBe('Last Name');
    expect(view.rows.map((r) => [r.label, r.theirs, r.yours, r.choice])).toEqual([['Desk Phone', '10', '30', 'mine']]);
    view.save();
    expect(saved).toEqual({ ...opened, deskPhone: '30', mobilePhone: '20', lastName: 'Li' });
  });

  it('nothing changed on both sides, or only in a field the dialog does not show: no conflict', () => {
    const describe = describeFields<typeof opened>({ deskPhone: 'Desk Phone' });
    const theirs = { ...opened, roles: ['b'] };
    const mine = { ...opened, roles: ['c'] };
    expect(
      conflictOf('fresh', theirs, opened, mergeEdits(opened, theirs, mine), {
        describe,
        editedAt: new Map(),
        theirsAt: null,
      }),
    ).toBeNull();
  });

  it('joins labels in words', () => {
    expect([listInWords([]), listInWords(['a']), listInWords(['a', 'b']), listInWords(['a', 'b', 'c'])]).toEqual([
      '',
      'a',
      'a and b',
      'a, b and c',
    ]);
  });
});
