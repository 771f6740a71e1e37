import { validationMessages as m } from '@userprofile/shared/messages';
import { describe, expect, it } from 'vitest';
import {
  type Application,
  elementCategoryTabs,
  newRow,
  rowError,
  toApplicationForm,
  toApplicationPayload,
  toggleRowDeletion,
  validateApplicationForm,
} from './application-form.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const snmp: Application = {
  uuid: id(1),
  name: 'Snmp Manager',
  dataUrl: 'jdbc:postgresql://db.noc.internal:5432/snmp',
  dataDriverName: 'org.postgresql.Driver',
  dataUsername: 'snmp_svc',
  apiHost: 'https://snmp.noc.internal/api',
  apiAuthType: 'OAUTH2',
  apiUsername: 'snmp_api',
  roles: [
    { uuid: id(10), name: 'SNMP_VIEWER', externalRole: false, category: 'ROLE', minimumRole: { name: 'ADMIN' } },
    {
      uuid: id(11),
      name: 'NOC_SUPERVISOR',
      externalRole: true,
      category: 'ROLE',
      minimumRole: { name: 'SCO_ADMIN' },
      errigalCustomerCompany: { uuid: id(500) },
    },
  ],
  elements: [
    {
      uuid: id(20),
      name: 'National Tree',
      externalRole: false,
      category: 'NOVA_NOVA_TREE',
      minimumRole: { name: 'ADMIN' },
    },
    {
      uuid: id(21),
      name: 'Core Routers',
      externalRole: false,
      category: 'DEVICE_GROUP',
      minimumRole: { name: 'ADMIN' },
    },
    {
      uuid: id(22),
      name: 'North Tree',
      externalRole: false,
      category: 'NOVA_NOVA_TREE',
      minimumRole: { name: 'ADMIN' },
    },
  ],
};

describe('toApplicationForm', () => {
  it('starts a new application empty, with no rows', () => {
    expect(toApplicationForm(null)).toEqual({
      uuid: null,
      name: '',
      dataUrl: '',
      dataDriverName: '',
      dataUsername: '',
      dataPassword: '',
      apiHost: '',
      apiAuthType: '',
      apiUsername: '',
      apiPassword: '',
      roles: [],
      elements: [],
    });
  });

  it('reads a saved application, its rows saved and unflagged, the passwords empty', () => {
    const form = toApplicationForm(snmp);
    expect(form).toMatchObject({ uuid: id(1), name: 'Snmp Manager', apiAuthType: 'OAUTH2', dataPassword: '' });
    expect(form.roles[1]).toEqual({
      uuid: id(11),
      saved: true,
      name: 'NOC_SUPERVISOR',
      externalRole: true,
      category: 'ROLE',
      minimumRole: 'SCO_ADMIN',
      companyUuid: id(500),
      deleted: false,
    });
  });

  it('reads what a customer admin gets: no connection settings', () => {
    const form = toApplicationForm({ uuid: id(1), name: 'Snmp Manager', roles: [], elements: [] });
    expect(form).toMatchObject({ dataUrl: '', apiAuthType: '', apiUsername: '' });
  });
});

describe('toApplicationPayload', () => {
  it('leaves out rows flagged for deletion, and empty passwords of a saved application', () => {
    const form = toApplicationForm(snmp);
    form.roles = toggleRowDeletion(form.roles, id(10));
    const payload = toApplicationPayload(form);
    expect(payload.roles.map((r) => r.uuid)).toEqual([id(11)]);
    expect(payload).not.toHaveProperty('dataPassword');
    expect(payload).not.toHaveProperty('apiPassword');
    expect(payload.roles[0]).toEqual({
      uuid: id(11),
      name: 'NOC_SUPERVISOR',
      externalRole: true,
      category: 'ROLE',
      minimumRole: { name: 'SCO_ADMIN' },
      errigalCustomerCompany: { uuid: id(500) },
    });
  });

  it('sends a new password, and a new application with both and without uuid', () => {
    const saved = { ...toApplicationForm(snmp), apiPassword: 'rotated' };
    expect(toApplicationPayload(saved)).toMatchObject({ uuid: id(1), apiPassword: 'rotated' });
    expect(toApplicationPayload(saved)).not.toHaveProperty('dataPassword');

    const created = toApplicationPayload({
      ...toApplicationForm(null),
      name: '  Fault Manager ',
      dataPassword: 'db',
      apiPassword: 'api',
    });
    expect(created).not.toHaveProperty('uuid');
    expect(created).toMatchObject({ name: 'Fault Manager', dataPassword: 'db', apiPassword: 'api' });
  });

  it('sends a new row with the uuid the console made, no company as null', () => {
    const form = toApplicationForm(snmp);
    form.roles.push({ ...newRow('ROLE', 'ADMIN', () => id(99)), name: ' AUDITOR ' });
    expect(toApplicationPayload(form).roles[2]).toEqual({
      uuid: id(99),
      name: 'AUDITOR',
      externalRole: false,
      category: 'ROLE',
      minimumRole: { name: 'ADMIN' },
      errigalCustomerCompany: null,
    });
  });
});

describe('validateApplicationForm (spec §5)', () => {
  const complete = {
    ...toApplicationForm(null),
    name: 'Fault Manager',
    dataUrl: 'jdbc:postgresql://db/fault',
    dataDriverName: 'org.postgresql.Driver',
    dataUsername: 'fault',
    dataPassword: 'db-secret',
    apiHost: 'https://fault.example.com',
    apiAuthType: 'HTTP_BASIC' as const,
    apiUsername: 'api',
    apiPassword: 'api-secret',
  };

  it('requires every connection field, the passwords too, to create', () => {
    expect(validateApplicationForm(complete)).toEqual({});
    expect(validateApplicationForm(toApplicationForm(null))).toEqual({
      name: m.requiredMax255,
      dataUrl: m.requiredMax255,
      dataDriverName: m.requiredMax255,
      dataUsername: m.requiredMax255,
      dataPassword: m.requiredMax255,
      apiHost: m.requiredMax255,
      apiAuthType: m.required,
      apiUsername: m.requiredMax255,
      apiPassword: m.requiredMax255,
    });
    expect(validateApplicationForm({ ...complete, dataUrl: 'x'.repeat(256) })).toEqual({ dataUrl: m.requiredMax255 });
  });

  it('keeps a saved application valid with its passwords left empty, not with them too long', () => {
    const form = toApplicationForm(snmp);
    expect(validateApplicationForm(form)).toEqual({});
    expect(validateApplicationForm({ ...form, apiPassword: 'p'.repeat(256) })).toEqual({
      apiPassword: m.requiredMax255,
    });
  });

  it('needs a name and a company for a SCO row, skipping rows flagged for deletion', () => {
    const form = toApplicationForm(snmp);
    form.roles.push(newRow('ROLE', 'ADMIN', () => id(98)));
    form.elements[0] = { ...form.elements[0]!, minimumRole: 'SCO_ADMIN', companyUuid: null };
    const errors = validateApplicationForm(form);
    expect(errors).toEqual({ 'roles.2.name': m.required, 'elements.0.errigalCustomerCompany': m.required });
    expect(rowError(errors, 'roles', 2)).toBe(m.required);
    expect(rowError(errors, 'roles', 0)).toBeUndefined();
    form.elements = toggleRowDeletion(form.elements, id(20));
    form.roles = toggleRowDeletion(form.roles, id(98));
    expect(validateApplicationForm(form)).toEqual({});
  });
});

describe('toggleRowDeletion (spec §4)', () => {
  it('flags a saved row, and unflags it again', () => {
    const rows = toApplicationForm(snmp).roles;
    const flagged = toggleRowDeletion(rows, id(10));
    expect(flagged.map((r) => r.deleted)).toEqual([true, false]);
    expect(toggleRowDeletion(flagged, id(10)).map((r) => r.deleted)).toEqual([false, false]);
    expect(rows.map((r) => r.deleted)).toEqual([false, false]);
  });

  it('removes a row not saved yet', () => {
    const rows = [...toApplicationForm(snmp).roles, newRow('ROLE', 'ADMIN', () => id(97))];
    expect(toggleRowDeletion(rows, id(97)).map((r) => r.uuid)).toEqual([id(10), id(11)]);
  });
});

describe('elementCategoryTabs', () => {
  it('makes one tab per category, in order of appearance, labelled as plural words', () => {
    expect(elementCategoryTabs(toApplicationForm(snmp).elements)).toEqual([
      { category: 'NOVA_NOVA_TREE', label: 'Nova Nova Trees' },
      { category: 'DEVICE_GROUP', label: 'Device Groups' },
    ]);
  });
});
