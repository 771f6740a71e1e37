import { describe, expect, it } from 'vitest';
import type { Application } from './app-profile-form.ts';
import { rowChanges } from './derived-impact.ts';

const row = (uuid: string, name: string, category = '') => ({
  uuid,
  name,
  externalRole: false,
  category,
  minimumRole: { name: 'ADMIN' as const },
});
const apps = [
  {
    uuid: 'a2',
    name: 'Snmp Manager',
    roles: [row('r3', 'PM_ANALYST')],
    elements: [row('e1', 'Tree A', 'NOVA_NOVA_TREE')],
  },
  { uuid: 'a1', name: 'Alarms', roles: [row('r1', 'VIEWER'), row('r2', 'ALARM_OPERATOR')], elements: [] },
] as unknown as Application[];

describe('rowChanges', () => {
  it('names what is gained and lost, roles apart from elements, by application then name', () => {
    const changes = rowChanges(new Set(['r1', 'e1']), new Set(['r2', 'r1', 'r3']), apps);
    expect(changes.rolesGained.map((r) => `${r.application.name}/${r.name}`)).toEqual([
      'Alarms/ALARM_OPERATOR',
      'Snmp Manager/PM_ANALYST',
    ]);
    expect(changes.rolesLost).toEqual([]);
    expect(changes.elementsLost).toEqual([
      {
        uuid: 'e1',
        name: 'Tree A',
        externalRole: false,
        category: 'NOVA_NOVA_TREE',
        application: { uuid: 'a2', name: 'Snmp Manager' },
      },
    ]);
    expect(changes.elementsGained).toEqual([]);
  });

  it('names no row the reader cannot see in the applications', () => {
    expect(rowChanges(new Set(), new Set(['hidden']), apps).rolesGained).toEqual([]);
  });
});
