import { describe, expect, it } from 'vitest';
import {
  addRow,
  currentRows,
  loadRows,
  renameRow,
  rowsDraft,
  setRowVisibleTo,
  toggleDeletion,
} from './application-draft.ts';
import type { ApplicationRow } from './application-form.ts';

const saved: ApplicationRow = {
  uuid: '00000000-0000-4000-8000-000000000010',
  saved: true,
  name: 'SNMP_VIEWER',
  externalRole: false,
  category: 'ROLE',
  minimumRole: 'ADMIN',
  companyUuid: null,
  deleted: false,
};

describe('the application rows draft', () => {
  it('loads a copy of the rows, so editing never touches the record it came from', () => {
    const record = { roles: [saved], elements: [] };
    loadRows(record);
    setRowVisibleTo('roles', saved.uuid, 'SCO_ADMIN', 'company-1');
    expect(record.roles[0]?.minimumRole).toBe('ADMIN');
    expect(currentRows().roles[0]).toMatchObject({ minimumRole: 'SCO_ADMIN', companyUuid: 'company-1' });
  });

  it('flags a saved row and unflags it; a new row is named, then removed', () => {
    loadRows({ roles: [saved], elements: [] });
    toggleDeletion('roles', saved.uuid);
    expect(currentRows().roles[0]?.deleted).toBe(true);
    toggleDeletion('roles', saved.uuid);
    expect(currentRows().roles[0]?.deleted).toBe(false);

    const uuid = addRow('elements', 'DEVICE_GROUP', 'ADMIN');
    renameRow('elements', uuid, 'Core Routers');
    expect(currentRows().elements).toEqual([
      expect.objectContaining({ uuid, saved: false, name: 'Core Routers', category: 'DEVICE_GROUP' }),
    ]);
    toggleDeletion('elements', uuid);
    expect(rowsDraft.elements).toHaveLength(0);
  });

  it('keeps the name of a saved row', () => {
    loadRows({ roles: [saved], elements: [] });
    renameRow('roles', saved.uuid, 'RENAMED');
    expect(currentRows().roles[0]?.name).toBe('SNMP_VIEWER');
  });
});
