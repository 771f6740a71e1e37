import { describe, expect, it } from 'vitest';
import {
  actionLabel,
  actorLabel,
  changeText,
  changeView,
  fieldLabel,
  LIST_LIMIT,
  snapshotRows,
  valueView,
  whenText,
} from './history-format.ts';

describe('a history entry in words', () => {
  it('names the action and who made it', () => {
    expect(actionLabel('update')).toBe('Updated');
    expect(actionLabel('inactivate')).toBe('Inactivated');
    expect(actionLabel('merge')).toBe('merge');
    expect(actorLabel({ uuid: '6f1c0e52-1b7a-4c3e-9d57-3c2f4a1b9e10', username: 'provider.admin' })).toBe(
      'provider.admin',
    );
    expect(actorLabel(null)).toBe('the server');
    expect(actorLabel({ withheld: true, name: 'another administrator' })).toBe('another administrator');
  });

  it('a change of a record as it arrived (its earlier value withheld) shows the value alone', () => {
    expect(changeView({ field: 'lastName', label: 'Last Name', to: 'Moved' })).toEqual({
      kind: 'value',
      label: 'Last Name',
      from: null,
      to: 'Moved',
    });
    expect(changeText({ field: 'lastName', label: 'Last Name', to: '' })).toBe('Last Name: (empty)');
  });

  it('shows a changed value as old → new, an empty side as (empty), a flag as Yes/No', () => {
    expect(changeText({ field: 'description', label: 'Description', from: 'Old text', to: 'New text' })).toBe(
      'Description: Old text → New text',
    );
    expect(changeText({ field: 'description', label: 'Description', from: null, to: 'Set' })).toBe(
      'Description: (empty) → Set',
    );
    expect(changeText({ field: 'description', label: 'Description', from: 'Gone', to: '' })).toBe(
      'Description: Gone → (empty)',
    );
    expect(changeText({ field: 'active', label: 'Active', from: true, to: false })).toBe('Active: Yes → No');
    expect(changeText({ field: 'latitude', label: 'Latitude', from: 0, to: 1.5 })).toBe('Latitude: 0 → 1.5');
  });

  it('lists added and removed names, and a changed secret without its values', () => {
    expect(changeView({ field: 'roles', label: 'Roles', added: ['Admin'], removed: ['Viewer', 'Guest'] })).toEqual({
      kind: 'list',
      label: 'Roles',
      added: ['Admin'],
      removed: ['Viewer', 'Guest'],
    });
    expect(changeText({ field: 'roles', label: 'Roles', added: ['Admin'], removed: ['Viewer'] })).toBe(
      'Roles: + Admin, − Viewer',
    );
    expect(changeView({ field: 'roles', label: 'Roles', removed: ['Viewer'] })).toMatchObject({ added: [] });
    const secret = changeView({ field: 'clientSecret', label: 'Client Secret', secret: true, from: 'x', to: 'y' });
    expect(secret).toEqual({ kind: 'secret', label: 'Client Secret', text: 'Client Secret changed' });
  });

  it('keeps names as the server sent them (they are rendered as text)', () => {
    const name = '<img src=x onerror=alert(1)>';
    expect(changeText({ field: 'name', label: 'Name', from: name, to: 'b' })).toBe(`Name: ${name} → b`);
  });
});

describe('when', () => {
  const now = new Date('2026-11-23T15:52:00Z');
  it('gives the local date and time and how long ago', () => {
    const when = whenText('2026-11-23T15:47:00Z', now, { locale: 'en-GB', timeZone: 'Europe/Dublin' });
    expect(when.absolute).toBe('23 Nov 2026, 15:47');
    expect(when.relative).toBe('5 minutes ago');
    expect(whenText('2026-11-23T15:47:00Z', now, { locale: 'en-GB', timeZone: 'America/New_York' }).absolute).toBe(
      '23 Nov 2026, 10:47',
    );
  });

  it('says just now, yesterday, last month', () => {
    const opts = { locale: 'en-GB', timeZone: 'UTC' };
    expect(whenText('2026-11-23T15:51:40Z', now, opts).relative).toBe('just now');
    expect(whenText('2026-11-22T15:00:00Z', now, opts).relative).toBe('yesterday');
    expect(whenText('2026-11-23T13:52:00Z', now, opts).relative).toBe('2 hours ago');
    expect(whenText('2026-10-20T10:00:00Z', now, opts).relative).toBe('last month');
  });

  it('shows a time it cannot read as given', () => {
    expect(whenText('not a date', now)).toEqual({ absolute: 'not a date', precise: 'not a date', relative: '' });
  });
});

describe('the record as it was', () => {
  it('labels wire fields in words', () => {
    expect(fieldLabel('minimumRole')).toBe('Visible To');
    expect(fieldLabel('allowedRedirectTarget')).toBe('Allowed Redirect Target');
    expect(fieldLabel('uuid')).toBe('UUID');
  });

  it("says a record's minimum role as the Visible To selector does", () => {
    const [row] = snapshotRows({ minimumRole: { name: 'ADMIN' } }, { minimumRole: { name: 'SCO_ADMIN' } });
    expect(row).toMatchObject({
      label: 'Visible To',
      before: { kind: 'text', text: 'Customer' },
      after: { kind: 'text', text: 'SCO Customer' },
      changed: true,
    });
  });

  it('reads named things by name, lists item by item, other objects as rows', () => {
    expect(valueView({ uuid: 'u1', name: 'ADMIN' })).toEqual({ kind: 'text', text: 'ADMIN' });
    expect(valueView([{ uuid: 'a', name: 'A' }, 'b'])).toEqual({
      kind: 'list',
      items: [
        { kind: 'text', text: 'A' },
        { kind: 'text', text: 'b' },
      ],
      more: 0,
    });
    expect(valueView({ latitude: 1, longitude: null })).toEqual({
      kind: 'fields',
      rows: [
        { key: 'latitude', label: 'Latitude', value: { kind: 'text', text: '1' } },
        { key: 'longitude', label: 'Longitude', value: { kind: 'text', text: '(empty)' } },
      ],
    });
  });

  it('counts the nodes below a tree node and cuts long lists', () => {
    const tree = { uuid: 'r', name: 'Root', children: [{ name: 'A', children: [{ name: 'A1' }] }, { name: 'B' }] };
    expect(valueView(tree)).toEqual({ kind: 'text', text: 'Root (and 3 below)' });
    const many = Array.from({ length: LIST_LIMIT + 7 }, (_, i) => ({ name: `C${i}` }));
    const view = valueView(many);
    expect(view.kind === 'list' && view.items.length).toBe(LIST_LIMIT);
    expect(view.kind === 'list' && view.more).toBe(7);
  });

  it('puts before and after side by side, marking what changed, with the change labels', () => {
    const rows = snapshotRows(
      { uuid: 'p', name: 'Ops', description: 'old', appProfiles: [{ name: 'X' }] },
      { uuid: 'p', name: 'Ops', description: 'new', appProfiles: [{ name: 'X' }] },
      [{ field: 'description', label: 'Description', from: 'old', to: 'new' }],
    );
    expect(rows.map((r) => [r.label, r.changed])).toEqual([
      ['UUID', false],
      ['Name', false],
      ['Description', true],
      ['App Profiles', false],
    ]);
    expect(rows[2]).toMatchObject({ before: { text: 'old' }, after: { text: 'new' } });
  });

  it('shows one side only for a create or a delete', () => {
    const created = snapshotRows(null, { name: 'New' });
    expect(created).toEqual([
      { key: 'name', label: 'Name', before: null, after: { kind: 'text', text: 'New' }, changed: false },
    ]);
    const deleted = snapshotRows({ name: 'Gone' }, null);
    expect(deleted[0]).toMatchObject({ before: { text: 'Gone' }, after: null });
  });
});
