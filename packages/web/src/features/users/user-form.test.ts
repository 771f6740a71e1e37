import { validationMessages } from '@userprofile/shared/messages';
import { describe, expect, it } from 'vitest';
import type { BusinessProfile } from '../../lib/data/business-profiles.ts';
import type { User } from './list-view.ts';
import {
  CLONE_LEFT_EMPTY,
  categoryTabs,
  changeBusinessProfile,
  cloneForm,
  cloneNote,
  toUserForm,
  toUserPayload,
  type UserFormLookups,
  validateUserForm,
} from './user-form.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const snmp = { uuid: id(900), name: 'Snmp Manager' };
const alarms = { uuid: id(901), name: 'Alarm Console' };

const withTree: BusinessProfile = {
  uuid: id(1),
  name: 'NOC Operators',
  minimumRole: { name: 'ADMIN' },
  appProfiles: [
    {
      uuid: id(10),
      name: 'Snmp Manager - Operator',
      application: snmp,
      elements: [
        { uuid: id(100), name: 'National Tree', category: 'NOVA_NOVA_TREE' },
        { uuid: id(101), name: 'North Tree', category: 'NOVA_NOVA_TREE' },
      ],
    },
    {
      uuid: id(11),
      name: 'Alarm Console - Supervisor',
      application: alarms,
      elements: [
        { uuid: id(110), name: 'Critical', category: 'ALARM_SEVERITY_FILTER' },
        // A tree element from another application is not a default tree option (spec §4).
        { uuid: id(111), name: 'Alarm Tree', category: 'NOVA_NOVA_TREE' },
      ],
    },
  ],
};
const withoutTree: BusinessProfile = {
  uuid: id(2),
  name: 'Readers',
  minimumRole: { name: 'ADMIN' },
  appProfiles: [withTree.appProfiles[1] as BusinessProfile['appProfiles'][number]],
};

const lookups: UserFormLookups = {
  businessProfiles: [withTree, withoutTree],
  visibilityProfiles: [{ uuid: id(3), name: 'National', minimumRole: { name: 'ADMIN' } } as never],
  locations: [{ uuid: id(4), name: 'Dublin', latitude: 53.3, longitude: -6.2 }],
  config: [
    { category: 'NOVA_NOVA_TREE', label: 'Default Tree', type: 'dropdown' },
    { category: 'ALARM_SEVERITY_FILTER', label: 'Alarm Severity Filter', type: 'dropdown' },
    { category: 'KPI_REPORT', label: 'Default Report', type: 'dropdown' },
  ],
};

const saved: User = {
  uuid: id(50),
  username: 'jane.doe',
  email: 'jane@example.com',
  firstName: 'Jane',
  lastName: 'Doe',
  deskPhone: null,
  active: false,
  location: { uuid: id(4), name: 'Dublin' },
  businessProfile: { uuid: withTree.uuid, name: withTree.name },
  visibilityProfile: { uuid: id(3), name: 'National' },
  minimumRole: { name: 'ADMIN' },
  errigalCustomerCompany: null,
  elements: [
    { uuid: id(101), name: 'North Tree', label: 'Default Tree', category: 'NOVA_NOVA_TREE', actualValue: 'North Tree' },
  ],
};

describe('toUserForm / toUserPayload', () => {
  it('round-trips a saved user', () => {
    const form = toUserForm(saved);
    expect(form).toMatchObject({ uuid: saved.uuid, active: false, deskPhone: '', locationUuid: id(4) });
    expect(form.elements).toEqual({ NOVA_NOVA_TREE: id(101) });
    expect(validateUserForm(form, lookups)).toEqual({});
    const payload = toUserPayload(form, lookups);
    expect(payload).toEqual({
      uuid: saved.uuid,
      username: 'jane.doe',
      email: 'jane@example.com',
      firstName: 'Jane',
      lastName: 'Doe',
      deskPhone: null,
      mobilePhone: null,
      active: false,
      location: { uuid: id(4), name: 'Dublin', latitude: 53.3, longitude: -6.2 },
      businessProfile: { uuid: withTree.uuid, name: withTree.name },
      visibilityProfile: { uuid: id(3), name: 'National' },
      minimumRole: { name: 'ADMIN' },
      errigalCustomerCompany: null,
      elements: [
        {
          uuid: id(101),
          name: 'North Tree',
          label: 'Default Tree',
          category: 'NOVA_NOVA_TREE',
          actualValue: 'North Tree',
        },
      ],
    });
  });
  it('starts a new user active, with the default minimum role and no uuid in the payload', () => {
    const form = toUserForm(null, 'SCO_ADMIN');
    expect(form).toMatchObject({ uuid: null, active: true, minimumRole: 'SCO_ADMIN', companyUuid: null });
    const filled = {
      ...form,
      username: 'new.user',
      email: 'n@example.com',
      firstName: 'N',
      lastName: 'U',
      businessProfileUuid: withoutTree.uuid,
      visibilityProfileUuid: id(3),
      minimumRole: 'ADMIN',
    };
    expect(validateUserForm(filled, lookups)).toEqual({});
    expect(toUserPayload(filled, lookups)).not.toHaveProperty('uuid');
  });
});

describe('rules (spec §5)', () => {
  it('reports every field message', () => {
    const errors = validateUserForm(
      {
        ...toUserForm(null),
        username: 'bad name!',
        email: 'nope',
        deskPhone: 'x'.repeat(256),
        businessProfileUuid: withTree.uuid,
      },
      lookups,
    );
    expect(errors).toMatchObject({
      username: validationMessages.usernamePattern,
      email: validationMessages.requiredMax255,
      firstName: validationMessages.requiredMax255,
      lastName: validationMessages.requiredMax255,
      deskPhone: validationMessages.max255,
      visibilityProfile: validationMessages.required,
      defaultTreeMustBeAssigned: validationMessages.defaultTreeMustBeAssigned,
    });
    expect(validateUserForm(toUserForm(null), lookups).businessProfile).toBe(validationMessages.required);
  });
  it('asks for a company when the user is visible to SCO customers', () => {
    const form = { ...toUserForm(saved), minimumRole: 'SCO_ADMIN' };
    expect(validateUserForm(form, lookups).errigalCustomerCompany).toBe(validationMessages.required);
    expect(validateUserForm({ ...form, companyUuid: id(7) }, lookups)).toEqual({});
  });
});

describe('category tabs and the default tree', () => {
  it('shows one tab per category the profile has elements in, tree options from Snmp Manager only', () => {
    const tabs = categoryTabs(lookups.config, withTree);
    expect(tabs.map((t) => [t.tab, t.label])).toEqual([
      ['Nova Nova Trees', 'Default Tree'],
      ['Alarm Severity Filters', 'Alarm Severity Filter'],
    ]);
    expect(tabs[0]?.options.map((o) => o.name)).toEqual(['National Tree', 'North Tree']);
    expect(categoryTabs(lookups.config, withoutTree).map((t) => t.category)).toEqual(['ALARM_SEVERITY_FILTER']);
    expect(categoryTabs(lookups.config, undefined)).toEqual([]);
  });
  it('reloads the choices on a business profile change, keeping those still offered', () => {
    const form = { ...toUserForm(saved), elements: { NOVA_NOVA_TREE: id(101), ALARM_SEVERITY_FILTER: id(110) } };
    const changed = changeBusinessProfile(form, withoutTree.uuid, lookups.businessProfiles);
    expect(changed.businessProfileUuid).toBe(withoutTree.uuid);
    expect(changed.elements).toEqual({ ALARM_SEVERITY_FILTER: id(110) });
    expect(validateUserForm(changed, lookups)).toEqual({});
    const back = changeBusinessProfile(changed, withTree.uuid, lookups.businessProfiles);
    expect(validateUserForm(back, lookups).defaultTreeMustBeAssigned).toBe(
      validationMessages.defaultTreeMustBeAssigned,
    );
  });
});

describe('clone (spec §4)', () => {
  it('copies the form, clears the uuid and appends _clone', () => {
    const copy = cloneForm(toUserForm(saved));
    expect(copy.uuid).toBeNull();
    expect(copy.username).toBe('jane.doe_clone');
    expect(copy.elements).toEqual({ NOVA_NOVA_TREE: id(101) });
  });

  it('leaves out the e-mail and the phones, which reach one person', () => {
    const copy = cloneForm({ ...toUserForm(saved), deskPhone: '+1 555 0100', mobilePhone: '+1 555 0101' });
    expect([copy.email, copy.deskPhone, copy.mobilePhone]).toEqual(['', '', '']);
    expect(copy.firstName).toBe(toUserForm(saved).firstName);
  });

  it('says in one line what it leaves empty: exactly the fields it empties', () => {
    const copy = cloneForm({ ...toUserForm(saved), deskPhone: '+1 555 0100', mobilePhone: '+1 555 0101' });
    for (const key of Object.keys(CLONE_LEFT_EMPTY)) expect(copy[key as keyof typeof copy]).toBe('');
    expect(cloneNote('jane.doe')).toBe('Cloned from jane.doe: e-mail, desk phone and mobile phone are left empty');
  });
});
