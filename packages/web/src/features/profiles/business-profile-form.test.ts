import { describe, expect, it } from 'vitest';
import type { ApplicationProfile } from './app-profile-form.ts';
import {
  appProfileOptions,
  type BusinessProfile,
  chooseAppProfile,
  cloneBusinessProfileForm,
  toBusinessProfileForm,
  toBusinessProfilePayload,
  validateBusinessProfileForm,
} from './business-profile-form.ts';

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const ALARM = uuid(1);
const INVENTORY = uuid(2);
const appProfile = (n: number, name: string, app: string): ApplicationProfile => ({
  uuid: uuid(n),
  name,
  application: { uuid: app, name: app === ALARM ? 'Alarm Manager' : 'Inventory' },
  minimumRole: { name: 'ADMIN' },
  roles: [],
  elements: [],
});
const supervisor = appProfile(10, 'Alarm Manager - Supervisor', ALARM);
const operator = appProfile(11, 'Alarm Manager - Operator', ALARM);
const reader = appProfile(20, 'Inventory - Reader', INVENTORY);
const all = [supervisor, operator, reader];

const saved: BusinessProfile = {
  uuid: uuid(100),
  name: 'Night Shift',
  description: 'Operators',
  minimumRole: { name: 'ADMIN' },
  errigalCustomerCompany: null,
  appProfiles: [
    { uuid: operator.uuid, name: operator.name, application: { uuid: ALARM } },
    { uuid: reader.uuid, name: reader.name, application: { uuid: INVENTORY } },
  ],
};

describe('business profile form', () => {
  it('maps a saved profile to the form and back to the update body', () => {
    const form = toBusinessProfileForm(saved);
    expect(form).toEqual({
      uuid: saved.uuid,
      name: 'Night Shift',
      description: 'Operators',
      minimumRole: 'ADMIN',
      companyUuid: null,
      appProfiles: { [ALARM]: operator.uuid, [INVENTORY]: reader.uuid },
    });
    expect(toBusinessProfilePayload(form, all)).toEqual({
      uuid: saved.uuid,
      name: 'Night Shift',
      description: 'Operators',
      minimumRole: { name: 'ADMIN' },
      errigalCustomerCompany: null,
      appProfiles: [
        { uuid: operator.uuid, name: operator.name, application: { uuid: ALARM } },
        { uuid: reader.uuid, name: reader.name, application: { uuid: INVENTORY } },
      ],
    });
  });

  it("a new profile takes the current user's default minimum role (spec §6)", () => {
    expect(toBusinessProfileForm(null, 'SCO_ADMIN')).toMatchObject({ uuid: null, minimumRole: 'SCO_ADMIN' });
    expect(toBusinessProfileForm(null, undefined).minimumRole).toBe('ADMIN');
  });

  it('holds at most one app profile per application: choosing another replaces it, --- removes it', () => {
    const form = toBusinessProfileForm(saved);
    const swapped = chooseAppProfile(form, ALARM, supervisor.uuid);
    expect(toBusinessProfilePayload(swapped, all).appProfiles.map((a) => a.name)).toEqual([
      'Alarm Manager - Supervisor',
      'Inventory - Reader',
    ]);
    expect(chooseAppProfile(form, ALARM, '').appProfiles).toEqual({ [INVENTORY]: reader.uuid });
    // Two of one application on the wire: the first is kept.
    const doubled = {
      ...saved,
      appProfiles: [...saved.appProfiles, { ...saved.appProfiles[0]!, uuid: supervisor.uuid }],
    };
    expect(toBusinessProfileForm(doubled).appProfiles[ALARM]).toBe(operator.uuid);
  });

  it("each application's dropdown offers its own app profiles by name", () => {
    expect(appProfileOptions(all, ALARM).map((p) => p.name)).toEqual([
      'Alarm Manager - Operator',
      'Alarm Manager - Supervisor',
    ]);
  });

  it("clones: uuid cleared, '_clone' appended", () => {
    const clone = cloneBusinessProfileForm(toBusinessProfileForm(saved));
    expect(clone).toMatchObject({ uuid: null, name: 'Night Shift_clone' });
    expect(toBusinessProfilePayload(clone, all)).not.toHaveProperty('uuid');
  });
});

describe('business profile rules (spec §5)', () => {
  const valid = toBusinessProfileForm(saved);

  it('a complete form is valid', () => {
    expect(validateBusinessProfileForm(valid, all)).toEqual({});
  });

  it("name required, max 255: 'This field is required. (Max 255 Characters)'", () => {
    const message = 'This field is required. (Max 255 Characters)';
    expect(validateBusinessProfileForm({ ...valid, name: '' }, all).name).toBe(message);
    expect(validateBusinessProfileForm({ ...valid, name: 'x'.repeat(256) }, all).name).toBe(message);
  });

  it("description max 1023: 'This must be under 1023 characters'", () => {
    expect(validateBusinessProfileForm({ ...valid, description: 'x'.repeat(1024) }, all).description).toBe(
      'This must be under 1023 characters',
    );
  });

  it('minimum role required', () => {
    expect(validateBusinessProfileForm({ ...valid, minimumRole: '' }, all).minimumRole).toBe('This field is required');
  });

  it('app profiles required, each with uuid, name and application', () => {
    expect(validateBusinessProfileForm({ ...valid, appProfiles: {} }, all)).toEqual({
      appProfiles: 'This field is required',
    });
    // An app profile no longer listed (deleted meanwhile) has no name.
    expect(validateBusinessProfileForm({ ...valid, appProfiles: { [ALARM]: uuid(99) } }, all)).toEqual({
      'appProfiles.0.name': 'This field is required',
    });
  });
});
