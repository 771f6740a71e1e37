import { describe, expect, it } from 'vitest';
import { queryList } from '../../lib/use-client-list.ts';
import type { ApplicationProfile } from './app-profile-form.ts';
import type { BusinessProfile } from './business-profile-form.ts';
import {
  APP_PROFILE_COLUMNS,
  appProfileCell,
  appProfileTerms,
  filterByAppProfiles,
  toAppProfileRow,
  toBusinessProfileRow,
} from './profile-lists.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const ap = (n: number, name: string, app: string, roles: string[], elements: string[]): ApplicationProfile => ({
  uuid: uuid(n),
  name,
  description: `${name} description`,
  application: { uuid: uuid(app.length), name: app },
  minimumRole: { name: 'ADMIN' },
  roles: roles.map((r, i) => ({ uuid: uuid(n * 100 + i), name: r })),
  elements: elements.map((e, i) => ({ uuid: uuid(n * 100 + 50 + i), name: e })),
});
const rows = [
  ap(1, 'Alarm Manager - Supervisor', 'Alarm Manager', ['ALARM_SUPERVISOR', 'ALARM_OPERATOR'], ['Critical', 'Major']),
  ap(2, 'Inventory - Reader', 'Inventory', ['INV_READER'], []),
].map(toAppProfileRow);

describe('application profile list', () => {
  it('shows name, description, application, roles and parameters', () => {
    expect(rows[0]).toEqual({
      uuid: uuid(1),
      name: 'Alarm Manager - Supervisor',
      description: 'Alarm Manager - Supervisor description',
      application: 'Alarm Manager',
      roles: ['ALARM_SUPERVISOR', 'ALARM_OPERATOR'],
      parameters: ['Critical', 'Major'],
    });
  });

  it('filters case-insensitively on each of the five columns', () => {
    const names = (filters: Record<string, string>) =>
      queryList(rows, APP_PROFILE_COLUMNS, { filters, sort: null, page: 1, pageSize: 10 }).rows.map((r) => r.name);
    expect(names({})).toHaveLength(2);
    expect(names({ name: 'reader' })).toEqual(['Inventory - Reader']);
    expect(names({ description: 'SUPERVISOR DESC' })).toEqual(['Alarm Manager - Supervisor']);
    expect(names({ application: 'invent' })).toEqual(['Inventory - Reader']);
    expect(names({ role: 'operator' })).toEqual(['Alarm Manager - Supervisor']);
    expect(names({ parameter: 'maj' })).toEqual(['Alarm Manager - Supervisor']);
    expect(names({ parameter: 'maj', application: 'inv' })).toEqual([]);
  });
});

describe('business profile list', () => {
  const bp = (n: number, name: string, appProfiles: [string, string][]): BusinessProfile => ({
    uuid: uuid(n),
    name,
    description: `${name} team`,
    minimumRole: { name: 'ADMIN' },
    appProfiles: appProfiles.map(([app, p], i) => ({ uuid: uuid(n * 10 + i), name: p, application: { uuid: app } })),
  });
  const A = uuid(1);
  const B = uuid(2);
  const list = [
    bp(1, 'Night Shift', [
      [A, 'Alarm Manager - Operator'],
      [B, 'Inventory - Reader'],
    ]),
    bp(2, 'Supervisors', [[A, 'Alarm Manager - Supervisor']]),
  ].map(toBusinessProfileRow);

  it("one column per application: the chosen app profile's name or '---'", () => {
    expect(appProfileCell(list[0]!, { uuid: B })).toBe('Inventory - Reader');
    expect(appProfileCell(list[1]!, { uuid: B })).toBe('---');
  });

  it('filters on comma-separated app profile names, all of which must match', () => {
    const names = (text: string) => filterByAppProfiles(list, text).map((r) => r.name);
    expect(names('alarm manager')).toEqual(['Night Shift', 'Supervisors']);
    expect(names('Alarm Manager, inventory')).toEqual(['Night Shift']);
    expect(names('SUPERVISOR')).toEqual(['Supervisors']);
    expect(names('supervisor,reader')).toEqual([]);
    expect(names(' , ')).toEqual(['Night Shift', 'Supervisors']);
    expect(appProfileTerms(' A , b,,')).toEqual(['a', 'b']);
  });
});
