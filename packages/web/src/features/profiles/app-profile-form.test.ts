import { describe, expect, it } from 'vitest';
import {
  type Application,
  type ApplicationProfile,
  applicationFieldMessage,
  applicationLocked,
  chooseApplication,
  cloneAppProfileForm,
  elementCategoryTabs,
  roleRows,
  setAllGrants,
  toAppProfileForm,
  toAppProfilePayload,
  toggleGrant,
  validateAppProfileForm,
} from './app-profile-form.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const row = (n: number, name: string, category: string, externalRole = false) => ({
  uuid: uuid(n),
  name,
  category,
  externalRole,
  minimumRole: { name: 'ADMIN' as const },
});
const alarm: Application = {
  uuid: uuid(1),
  name: 'Alarm Manager',
  roles: [row(10, 'ALARM_SUPERVISOR', 'ROLE'), row(11, 'ALARM_OPERATOR', 'ROLE', true)],
  elements: [
    row(20, 'Critical', 'ALARM_SEVERITY_FILTER'),
    row(21, 'Major', 'ALARM_SEVERITY_FILTER'),
    row(22, 'North', 'ALARM_REGION'),
  ],
};
const inventory: Application = {
  uuid: uuid(2),
  name: 'Inventory',
  roles: [row(30, 'INV_READER', 'ROLE')],
  elements: [],
};
const saved: ApplicationProfile = {
  uuid: uuid(100),
  name: 'Alarm Manager - Operator',
  description: 'Night shift',
  application: { uuid: alarm.uuid, name: alarm.name },
  minimumRole: { name: 'ADMIN' },
  errigalCustomerCompany: { uuid: uuid(200) },
  roles: [{ uuid: uuid(11), name: 'ALARM_OPERATOR' }],
  elements: [{ uuid: uuid(20), name: 'Critical' }],
};

const REQUIRED_255 = 'This field is required. (Max 255 Characters)';

describe('application profile form', () => {
  it('maps a saved profile to the form and back to the update body', () => {
    const form = toAppProfileForm(saved);
    expect(form).toEqual({
      uuid: saved.uuid,
      name: 'Alarm Manager - Operator',
      description: 'Night shift',
      applicationUuid: alarm.uuid,
      minimumRole: 'ADMIN',
      companyUuid: uuid(200),
      roles: [uuid(11)],
      elements: [uuid(20)],
    });
    expect(toAppProfilePayload(form, [inventory, alarm])).toEqual({
      uuid: saved.uuid,
      name: 'Alarm Manager - Operator',
      description: 'Night shift',
      application: { uuid: alarm.uuid, name: 'Alarm Manager' },
      minimumRole: { name: 'ADMIN' },
      errigalCustomerCompany: { uuid: uuid(200) },
      roles: [{ uuid: uuid(11) }],
      elements: [{ uuid: uuid(20) }],
    });
  });

  it("a new profile takes the current user's default minimum role, ADMIN when none is given (spec §6, §9)", () => {
    expect(toAppProfileForm(null, 'SCO_ADMIN')).toMatchObject({ uuid: null, minimumRole: 'SCO_ADMIN', roles: [] });
    expect(toAppProfileForm(null, null).minimumRole).toBe('ADMIN');
    expect(toAppProfileForm(null).minimumRole).toBe('ADMIN');
  });

  it('a new profile has no uuid in its body, and an empty description is sent as null', () => {
    const form = { ...toAppProfileForm(null), name: 'New', applicationUuid: alarm.uuid };
    const body = toAppProfilePayload(form, [alarm]);
    expect(body).not.toHaveProperty('uuid');
    expect(body.description).toBeNull();
  });

  it('drops roles and elements the application no longer has', () => {
    const form = { ...toAppProfileForm(saved), roles: [uuid(11), uuid(99)] };
    expect(toAppProfilePayload(form, [alarm]).roles).toEqual([{ uuid: uuid(11) }]);
  });

  it('locks the application once saved; choosing another one on a new profile clears roles and elements', () => {
    const form = toAppProfileForm(saved);
    expect(applicationLocked(form)).toBe(true);
    expect(chooseApplication(form, inventory.uuid)).toBe(form);
    const fresh = { ...toAppProfileForm(null), applicationUuid: alarm.uuid, roles: [uuid(10)], elements: [uuid(20)] };
    expect(applicationLocked(fresh)).toBe(false);
    expect(chooseApplication(fresh, inventory.uuid)).toMatchObject({
      applicationUuid: inventory.uuid,
      roles: [],
      elements: [],
    });
  });

  it("clones: uuid cleared, '_clone' appended, everything else copied", () => {
    const clone = cloneAppProfileForm(toAppProfileForm(saved));
    expect(clone).toMatchObject({ uuid: null, name: 'Alarm Manager - Operator_clone', roles: [uuid(11)] });
    expect(applicationLocked(clone)).toBe(false);
  });

  it('lists roles by name and one tab per element category', () => {
    expect(roleRows(alarm).map((r) => r.name)).toEqual(['ALARM_OPERATOR', 'ALARM_SUPERVISOR']);
    expect(elementCategoryTabs(alarm).map((t) => [t.label, t.elements.map((e) => e.name)])).toEqual([
      ['Alarm Severity Filters', ['Critical', 'Major']],
      ['Alarm Regions', ['North']],
    ]);
    expect(elementCategoryTabs(undefined)).toEqual([]);
  });

  it('Add All / Remove All act on one tab only; a single toggle grants or takes away', () => {
    const form = toAppProfileForm(saved);
    const [severity, region] = elementCategoryTabs(alarm);
    const all = setAllGrants(form, 'elements', severity!.elements, true);
    expect(all.elements.sort()).toEqual([uuid(20), uuid(21)]);
    const withRegion = toggleGrant(all, 'elements', uuid(22), true);
    expect(setAllGrants(withRegion, 'elements', severity!.elements, false).elements).toEqual([uuid(22)]);
    expect(setAllGrants(withRegion, 'elements', region!.elements, false).elements.sort()).toEqual([uuid(20), uuid(21)]);
    expect(toggleGrant(form, 'roles', uuid(11), false).roles).toEqual([]);
    expect(toggleGrant(form, 'roles', uuid(11), true)).toBe(form);
  });
});

describe('application profile rules (spec §5)', () => {
  const valid = { ...toAppProfileForm(saved) };

  it('a complete form is valid', () => {
    expect(validateAppProfileForm(valid)).toEqual({});
  });

  it('name: required, at most 255 characters', () => {
    expect(validateAppProfileForm({ ...valid, name: '' }).name).toBe(REQUIRED_255);
    expect(validateAppProfileForm({ ...valid, name: '   ' }).name).toBe(REQUIRED_255);
    expect(validateAppProfileForm({ ...valid, name: 'x'.repeat(256) }).name).toBe(REQUIRED_255);
    expect(validateAppProfileForm({ ...valid, name: 'x'.repeat(255) }).name).toBeUndefined();
  });

  it('description: at most 1023 characters', () => {
    expect(validateAppProfileForm({ ...valid, description: 'x'.repeat(1024) }).description).toBe(
      'This must be under 1023 characters',
    );
    expect(validateAppProfileForm({ ...valid, description: 'x'.repeat(1023) })).toEqual({});
  });

  it('minimum role required; SCO_ADMIN needs a company', () => {
    expect(validateAppProfileForm({ ...valid, minimumRole: '' }).minimumRole).toBe('This field is required');
    expect(validateAppProfileForm({ ...valid, minimumRole: 'SCO_ADMIN', companyUuid: null })).toEqual({
      errigalCustomerCompany: 'This field is required',
    });
  });

  it("application required: 'Please select an application'; 'Loading profiles, please wait...' while they load", () => {
    const errors = validateAppProfileForm({ ...valid, uuid: null, applicationUuid: '' });
    expect(errors).toEqual({ application: 'Please select an application' });
    expect(applicationFieldMessage([alarm], errors)).toEqual({ text: 'Please select an application', invalid: true });
    expect(applicationFieldMessage(null, errors)).toEqual({ text: 'Loading profiles, please wait...', invalid: false });
    expect(applicationFieldMessage([alarm], {})).toBeNull();
  });
});
