// GET /history/{kind}/{uuid} (designed): every kind of change of
// every kind of record is recorded with who, when, which call, the record
// before and after as its GET answers it, and a field-by-field diff labelled
// as the editor labels the fields. One test per kind and action.
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { appUnderTest } from '../harness.ts';
import { CUSTOMER, PROVIDER, SCO } from '../helpers.ts';
import { API, appBody, appRow, historyCalls, type Json, tag } from './fixtures.ts';

// Reseeded before each test: a fresh store, a fresh history.
const t = appUnderTest();

const calls = () => historyCalls(t);
const get = (url: string) => calls().get(url);
const ok = (method: string, url: string, body?: unknown) => calls().ok(method, url, body);
const latest = (kind: string, uuid: string) => calls().latest(kind, uuid);
const madeBy = (action: string, call: string) => calls().madeBy(action, call);

// --------------------------------------------------------------------- users

describe('users', () => {
  it('create: who, when, which call, no record before, the record as its GET answers it after', async () => {
    const view = await get(`/user/${calls().plainUser().uuid}`);
    const saved = await ok('POST', '/user/update', {
      user: { ...view, uuid: undefined, username: `new.user.${tag()}`, email: 'new.user@example.com' },
    });
    const entry = await latest('user', saved.uuid);
    expect(entry).toMatchObject(madeBy('create', 'POST /api/v1/user/update'));
    expect(entry.before).toBeNull();
    expect(entry.after).toEqual(await get(`/user/${saved.uuid}`));
    expect(entry.changes).toContainEqual({ field: 'username', label: 'Username', from: null, to: saved.username });
    expect(entry.changes).toContainEqual({ field: 'active', label: 'Status', from: null, to: 'Active' });
    expect(entry.changes).toContainEqual({
      field: 'businessProfile',
      label: 'Profile',
      from: null,
      to: view.businessProfile.name,
    });
  });

  it('update: the changed fields old → new, in the editor’s order, and nothing else', async () => {
    const user = calls().plainUser();
    const view = await get(`/user/${user.uuid}`);
    const location = t.store.listLocations().find((l) => l.uuid !== view.location?.uuid)!;
    await ok('POST', '/user/update', {
      user: { ...view, email: 'renamed@example.com', deskPhone: '+353 1 555 0199', location },
    });
    const entry = await latest('user', user.uuid);
    expect(entry).toMatchObject(madeBy('update', 'POST /api/v1/user/update'));
    expect(entry.changes).toEqual([
      { field: 'email', label: 'Email', from: view.email, to: 'renamed@example.com' },
      { field: 'deskPhone', label: 'Desk Phone', from: view.deskPhone, to: '+353 1 555 0199' },
      { field: 'location', label: 'Location', from: view.location?.name ?? null, to: location.name },
    ]);
    expect(entry.before).toEqual(view);
    expect(entry.after).toEqual(await get(`/user/${user.uuid}`));
  });

  it('update: an element value, under its field label', async () => {
    // A user whose business profile offers another element in the category of a chosen one.
    const alternative = (u: { businessProfileUuid: string | null; elements: { uuid: string }[] }) => {
      const offered = [...t.store.elementsOffered(u.businessProfileUuid).values()];
      for (const e of u.elements) {
        const category = offered.find((o) => o.uuid === e.uuid)?.category;
        const other = offered.find((o) => o.category === category && o.uuid !== e.uuid);
        if (other) return { chosen: e.uuid, other };
      }
      return undefined;
    };
    const user = [...t.store.users.values()].find((u) => !u.username.includes('admin') && alternative(u))!;
    const { chosen: chosenUuid, other } = alternative(user)!;
    const view = await get(`/user/${user.uuid}`);
    const chosen = view.elements.find((e: Json) => e.uuid === chosenUuid);
    const elements = view.elements.map((e: Json) =>
      e.uuid === chosen.uuid
        ? { uuid: other.uuid, name: other.name, label: chosen.label, category: other.category, actualValue: other.name }
        : e,
    );
    await ok('POST', '/user/update', { user: { ...view, elements } });
    expect((await latest('user', user.uuid)).changes).toEqual([
      { field: 'elements', label: chosen.label, from: chosen.name, to: other.name },
    ]);
  });

  it('inactivate', async () => {
    const user = calls().plainUser();
    await ok('POST', '/user/inactivate', await get(`/user/${user.uuid}`));
    const entry = await latest('user', user.uuid);
    expect(entry).toMatchObject(madeBy('inactivate', 'POST /api/v1/user/inactivate'));
    expect(entry.changes).toEqual([{ field: 'active', label: 'Status', from: 'Active', to: 'Inactive' }]);
  });

  it('activate', async () => {
    const user = [...t.store.users.values()].find((u) => !u.active && u.businessProfileUuid)!;
    await ok('POST', '/user/activate', await get(`/user/${user.uuid}`));
    const entry = await latest('user', user.uuid);
    expect(entry).toMatchObject(madeBy('activate', 'POST /api/v1/user/activate'));
    expect(entry.changes).toEqual([{ field: 'active', label: 'Status', from: 'Inactive', to: 'Active' }]);
  });

  it('import: one entry per user the file changes or creates, none for a row that changes nothing', async () => {
    const exported = (await t.call('GET', `${API}/user/export/active`, { as: PROVIDER })).text;
    const [header, ...rows] = parse(exported, { bom: true }) as string[][];
    const column = (name: string) => header!.indexOf(name);
    const plain = rows.filter((r) => !r[column('username')]!.includes('admin'));
    const changed = [...plain[0]!];
    changed[column('email')] = 'imported@example.com';
    const unchanged = plain[1]!;
    const created = [...plain[2]!];
    created[column('username')] = `imported.${tag()}`;
    const upload = await t.upload(PROVIDER, stringify([header, changed, unchanged, created]));
    expect(upload.status, upload.text).toBe(200);
    expect(upload.body).toEqual({ created: 1, updated: 1 });

    const byName = (row: string[]) => t.store.findUserByUsername(row[column('username')]!)!;
    const entry = await latest('user', byName(changed).uuid);
    expect(entry).toMatchObject(madeBy('import', 'POST /api/v1/user/import'));
    expect(entry.changes).toEqual([
      { field: 'email', label: 'Email', from: plain[0]![column('email')], to: 'imported@example.com' },
    ]);
    const made = await latest('user', byName(created).uuid);
    expect(made).toMatchObject({ ...madeBy('import', 'POST /api/v1/user/import'), before: null });
    expect((await calls().history('user', byName(unchanged).uuid)).body).toEqual({
      entries: [],
      more: false,
      withheld: 0,
    });
  });

  it('a new password through a reset link: by the user, shown as a changed secret only', async () => {
    await calls().newPasswordByLink(CUSTOMER, 'N3w-Passw0rd!');
    const user = t.store.findUserByUsername(CUSTOMER)!;
    const entry = await latest('user', user.uuid);
    expect(entry).toMatchObject({
      actor: { uuid: user.uuid, username: CUSTOMER },
      action: 'update',
      call: 'POST /api/v1/password/update',
      changes: [{ field: 'password', label: 'Password', secret: true }],
    });
    expect(entry.before).toEqual(entry.after);
  });

  it('names are those of the time of the change: a profile renamed later leaves the entry as it was', async () => {
    const user = calls().plainUser();
    const bp = t.store.businessProfiles.get(user.businessProfileUuid!)!;
    const oldName = bp.name;
    await ok('POST', '/user/update', { user: { ...(await get(`/user/${user.uuid}`)), firstName: 'Renamed' } });
    const bpView = await get(`/profile/business/get/${bp.uuid}`);
    await ok('POST', '/profile/business/update', { ...bpView, name: `${oldName} (renamed)` });
    const entry = await latest('user', user.uuid);
    expect(entry.after.businessProfile.name).toBe(oldName);
    expect((await get(`/user/${user.uuid}`)).businessProfile.name).toBe(`${oldName} (renamed)`);
  });

  it('a deleted business profile leaves its users without one: each user’s entry names the delete call', async () => {
    const bp = calls().plainBusinessProfile();
    const user = [...t.store.users.values()].find((u) => u.businessProfileUuid === bp.uuid)!;
    await ok('DELETE', `/profile/business/${bp.uuid}`);
    const entry = await latest('user', user.uuid);
    expect(entry).toMatchObject(madeBy('update', `DELETE /api/v1/profile/business/${bp.uuid}`));
    expect(entry.changes).toContainEqual({ field: 'businessProfile', label: 'Profile', from: bp.name, to: null });
  });
});

// -------------------------------------------------------------- applications

describe('applications', () => {
  it('create: settings, passwords as set secrets, roles and elements by name per tab', async () => {
    const created = await ok('POST', '/app/update', appBody(`Fault Manager ${tag()}`));
    const entry = await latest('application', created.uuid);
    expect(entry).toMatchObject({ ...madeBy('create', 'POST /api/v1/app/update'), before: null });
    expect(entry.changes).toEqual([
      { field: 'name', label: 'Name', from: null, to: created.name },
      { field: 'dataUrl', label: 'Data Url', from: null, to: 'jdbc:postgresql://db.example.net/faults' },
      { field: 'dataDriverName', label: 'Data Driver', from: null, to: 'org.postgresql.Driver' },
      { field: 'dataUsername', label: 'Data Username', from: null, to: 'faults' },
      { field: 'dataPassword', label: 'Data Password', secret: true },
      { field: 'apiHost', label: 'API Host', from: null, to: 'https://faults.example.net' },
      { field: 'apiAuthType', label: 'API Auth Type', from: null, to: 'HTTP_BASIC' },
      { field: 'apiUsername', label: 'API Username', from: null, to: 'faults-api' },
      { field: 'apiPassword', label: 'API Password', secret: true },
      { field: 'roles', label: 'Roles', added: ['FAULT_VIEWER', 'FAULT_EDITOR'] },
      { field: 'elements', label: 'Fault Views', added: ['Fibre Cuts'] },
    ]);
    expect(entry.after).toEqual(await get(`/app/${created.uuid}`));
  });

  it('update: a setting old → new, a changed password, roles added and removed, a row’s Visible To', async () => {
    const created = await ok('POST', '/app/update', appBody(`Fault Manager ${tag()}`));
    const view = await get(`/app/${created.uuid}`);
    const editor = view.roles.find((r: Json) => r.name === 'FAULT_EDITOR');
    const sco = t.store.findUserByUsername(SCO)!;
    await ok('POST', '/app/update', {
      ...view,
      apiHost: 'https://faults2.example.net',
      apiPassword: 'Api-Secret-2',
      roles: [
        { ...editor, minimumRole: { name: 'SCO_ADMIN' }, errigalCustomerCompany: { uuid: sco.companyUuid } },
        appRow('FAULT_ADMIN', 'ROLE'),
      ],
    });
    const entry = await latest('application', created.uuid);
    expect(entry).toMatchObject(madeBy('update', 'POST /api/v1/app/update'));
    expect(entry.changes).toEqual([
      { field: 'apiHost', label: 'API Host', from: 'https://faults.example.net', to: 'https://faults2.example.net' },
      { field: 'apiPassword', label: 'API Password', secret: true },
      { field: 'roles', label: 'Roles', added: ['FAULT_ADMIN'], removed: ['FAULT_VIEWER'] },
      {
        field: 'roles',
        label: 'Roles: FAULT_EDITOR',
        from: 'Customer · External Role',
        to: `SCO Customer · ${t.store.companies.get(sco.companyUuid!)!.name} · External Role`,
      },
    ]);
    expect(entry.before).toEqual(view);
    expect(entry.after).toEqual(await get(`/app/${created.uuid}`));
  });

  it('sync: the rows the remote application brought, action sync', async () => {
    const app = t.store.applications.findByName('Inventory')!;
    const view = await get(`/app/${app.uuid}`);
    await ok('POST', '/app/sync', view);
    const entry = await latest('application', app.uuid);
    expect(entry).toMatchObject(madeBy('sync', 'POST /api/v1/app/sync'));
    const synced = await get(`/app/${app.uuid}`);
    const brought = (field: string) =>
      synced[field].filter((r: Json) => !view[field].some((v: Json) => v.uuid === r.uuid)).map((r: Json) => r.name);
    const added = (field: string) => entry.changes.filter((c: Json) => c.field === field).flatMap((c: Json) => c.added);
    expect(brought('elements').length).toBeGreaterThan(0);
    expect(added('roles')).toEqual(brought('roles'));
    expect(added('elements')).toEqual(brought('elements'));
    expect(entry.changes.every((c: Json) => c.removed === undefined)).toBe(true);
    expect(entry.before).toEqual(view);
    expect(entry.after).toEqual(synced);
  });

  it('delete: the application as it was; its application profiles deleted and their holders updated, by the same call', async () => {
    const app = t.store.applications.findByName('Alarm Manager')!;
    const ap = [...t.store.appProfiles.values()].find((p) => p.applicationUuid === app.uuid)!;
    const bp = [...t.store.businessProfiles.values()].find((b) => b.appProfiles.includes(ap.uuid))!;
    const view = await get(`/app/${app.uuid}`);
    await ok('DELETE', `/app/${app.uuid}`);
    const call = `DELETE /api/v1/app/${app.uuid}`;
    expect(await latest('application', app.uuid)).toMatchObject({
      ...madeBy('delete', call),
      before: view,
      after: null,
      changes: [],
    });
    expect(await latest('appProfile', ap.uuid)).toMatchObject({ ...madeBy('delete', call), after: null });
    const holder = await latest('businessProfile', bp.uuid);
    expect(holder).toMatchObject(madeBy('update', call));
    expect(holder.changes).toContainEqual({ field: 'appProfiles', label: 'Application Profiles', removed: [ap.name] });
  });
});

// -------------------------------------------------------- application profiles

describe('application profiles', () => {
  const create = async (roles: string[]) => {
    const app = t.store.applications.findByName('Alarm Manager')!;
    return ok('POST', '/profile/app/update', {
      name: `Alarm Manager - Night ${tag()}`,
      description: 'Night shift',
      application: { uuid: app.uuid, name: app.name },
      minimumRole: { name: 'ADMIN' },
      roles: roles.map((uuid) => ({ uuid })),
      elements: [],
    });
  };

  it('create', async () => {
    const app = t.store.applications.findByName('Alarm Manager')!;
    const role = app.roles[0]!;
    const created = await create([role.uuid]);
    const entry = await latest('appProfile', created.uuid);
    expect(entry).toMatchObject({ ...madeBy('create', 'POST /api/v1/profile/app/update'), before: null });
    expect(entry.changes).toEqual([
      { field: 'name', label: 'Name', from: null, to: created.name },
      { field: 'application', label: 'Application', from: null, to: app.name },
      { field: 'description', label: 'Description', from: null, to: 'Night shift' },
      { field: 'minimumRole', label: 'Visible To', from: null, to: 'Customer' },
      { field: 'roles', label: 'Roles', added: [role.name] },
    ]);
    expect(entry.after).toEqual(await get(`/profile/app/get/${created.uuid}`));
  });

  it('update: description old → new, roles and elements by name', async () => {
    const app = t.store.applications.findByName('Alarm Manager')!;
    const [r1, r2] = app.roles;
    const element = app.elements[0]!;
    const created = await create([r1!.uuid]);
    await ok('POST', '/profile/app/update', {
      ...created,
      description: 'Night shift operators',
      roles: [{ uuid: r2!.uuid }],
      elements: [{ uuid: element.uuid }],
    });
    const entry = await latest('appProfile', created.uuid);
    expect(entry).toMatchObject(madeBy('update', 'POST /api/v1/profile/app/update'));
    expect(entry.changes).toEqual([
      { field: 'description', label: 'Description', from: 'Night shift', to: 'Night shift operators' },
      { field: 'roles', label: 'Roles', added: [r2!.name], removed: [r1!.name] },
      { field: 'elements', label: expect.stringMatching(/s$/), added: [element.name] },
    ]);
    expect(entry.before).toEqual(created);
    expect(entry.after).toEqual(await get(`/profile/app/get/${created.uuid}`));
  });

  it('update through the application: a role leaving it leaves the profile', async () => {
    const app = t.store.applications.findByName('Alarm Manager')!;
    const ap = [...t.store.appProfiles.values()].find((p) => p.applicationUuid === app.uuid && p.roles.length > 0)!;
    const role = app.roles.find((r) => r.uuid === ap.roles[0])!;
    const view = await get(`/app/${app.uuid}`);
    await ok('POST', '/app/update', { ...view, roles: view.roles.filter((r: Json) => r.uuid !== role.uuid) });
    const entry = await latest('appProfile', ap.uuid);
    expect(entry).toMatchObject(madeBy('update', 'POST /api/v1/app/update'));
    expect(entry.changes).toEqual([{ field: 'roles', label: 'Roles', removed: [role.name] }]);
  });

  it('delete: the profile as it was, and the business profiles that held it', async () => {
    const created = await create([t.store.applications.findByName('Alarm Manager')!.roles[0]!.uuid]);
    const bp = calls().plainBusinessProfile();
    const bpView = await get(`/profile/business/get/${bp.uuid}`);
    const others = bpView.appProfiles.filter((a: Json) => a.application.uuid !== created.application.uuid);
    const held = { uuid: created.uuid, name: created.name, application: created.application };
    await ok('POST', '/profile/business/update', { ...bpView, appProfiles: [...others, held] });
    await ok('DELETE', `/profile/app/${created.uuid}`);
    const call = `DELETE /api/v1/profile/app/${created.uuid}`;
    expect(await latest('appProfile', created.uuid)).toMatchObject({
      ...madeBy('delete', call),
      before: created,
      after: null,
      changes: [],
    });
    expect((await latest('businessProfile', bp.uuid)).changes).toEqual([
      { field: 'appProfiles', label: 'Application Profiles', removed: [created.name] },
    ]);
  });
});

// ----------------------------------------------------------- business profiles

describe('business profiles', () => {
  it('create', async () => {
    const view = await get(`/profile/business/get/${calls().plainBusinessProfile().uuid}`);
    const copy = await ok('POST', '/profile/business/update', { ...view, uuid: undefined, name: `Copy ${tag()}` });
    const entry = await latest('businessProfile', copy.uuid);
    expect(entry).toMatchObject({ ...madeBy('create', 'POST /api/v1/profile/business/update'), before: null });
    expect(entry.changes).toContainEqual({
      field: 'appProfiles',
      label: 'Application Profiles',
      added: view.appProfiles.map((a: Json) => a.name),
    });
    expect(entry.after).toEqual(await get(`/profile/business/get/${copy.uuid}`));
  });

  it('update: description old → new, application profiles by name', async () => {
    const bp = calls().plainBusinessProfile();
    const view = await get(`/profile/business/get/${bp.uuid}`);
    const dropped = view.appProfiles[1];
    await ok('POST', '/profile/business/update', {
      ...view,
      description: 'Changed words',
      appProfiles: view.appProfiles.filter((a: Json) => a.uuid !== dropped.uuid),
    });
    const entry = await latest('businessProfile', bp.uuid);
    expect(entry).toMatchObject(madeBy('update', 'POST /api/v1/profile/business/update'));
    expect(entry.changes).toEqual([
      { field: 'description', label: 'Description', from: view.description, to: 'Changed words' },
      { field: 'appProfiles', label: 'Application Profiles', removed: [dropped.name] },
    ]);
    expect(entry.before).toEqual(view);
    expect(entry.after).toEqual(await get(`/profile/business/get/${bp.uuid}`));
  });

  it('delete', async () => {
    const bp = calls().plainBusinessProfile();
    const view = await get(`/profile/business/get/${bp.uuid}`);
    await ok('DELETE', `/profile/business/${bp.uuid}`);
    expect(await latest('businessProfile', bp.uuid)).toMatchObject({
      ...madeBy('delete', `DELETE /api/v1/profile/business/${bp.uuid}`),
      before: view,
      after: null,
      changes: [],
    });
  });
});

// --------------------------------------------------------- visibility profiles

describe('visibility profiles', () => {
  const elements = () => {
    const v = t.store.visibility;
    const root = [...v.clusters.values()].find(
      (c) => c.parentUuid === null && [...v.clusters.values()].some((d) => d.parentUuid === c.uuid),
    )!;
    return {
      carriers: [...v.carriers.values()],
      root,
      child: [...v.clusters.values()].find((c) => c.parentUuid === root.uuid)!,
      group: [...v.clusterGroups.values()][0]!,
    };
  };
  const create = () => {
    const { carriers, root } = elements();
    return ok('POST', '/profile/visibility/update', {
      name: `Night Visibility ${tag()}`,
      description: 'Night',
      minimumRole: { name: 'ADMIN' },
      primaryVisibility: { uuid: root.uuid, name: root.name },
      clusters: [{ uuid: root.uuid, name: root.name, children: [] }],
      carriers: [{ uuid: carriers[0]!.uuid, name: carriers[0]!.name }],
    });
  };

  it('create', async () => {
    const { carriers, root } = elements();
    const created = await create();
    const entry = await latest('visibilityProfile', created.uuid);
    expect(entry).toMatchObject({ ...madeBy('create', 'POST /api/v1/profile/visibility/update'), before: null });
    expect(entry.changes).toEqual([
      { field: 'name', label: 'Name', from: null, to: created.name },
      { field: 'description', label: 'Description', from: null, to: 'Night' },
      { field: 'minimumRole', label: 'Visible To', from: null, to: 'Customer' },
      { field: 'carriers', label: 'Carriers', added: [carriers[0]!.name] },
      { field: 'primaryVisibility', label: 'Primary Visibility', from: null, to: root.name },
      { field: 'clusters', label: 'Clusters', added: [root.name] },
    ]);
  });

  it('update: carriers and clusters by name, the default cluster group old → new', async () => {
    const { carriers, root, child, group } = elements();
    const created = await create();
    await ok('POST', '/profile/visibility/update', {
      ...created,
      carriers: [{ uuid: carriers[1]!.uuid, name: carriers[1]!.name }],
      clusters: [
        { uuid: root.uuid, name: root.name, children: [{ uuid: child.uuid, name: child.name, children: [] }] },
      ],
      defaultClusterGroup: { uuid: group.uuid, name: group.name },
      clusterGroups: [{ uuid: group.uuid, name: group.name }],
    });
    const entry = await latest('visibilityProfile', created.uuid);
    expect(entry).toMatchObject(madeBy('update', 'POST /api/v1/profile/visibility/update'));
    expect(entry.changes).toEqual([
      { field: 'carriers', label: 'Carriers', added: [carriers[1]!.name], removed: [carriers[0]!.name] },
      { field: 'clusters', label: 'Clusters', added: [child.name] },
      { field: 'defaultClusterGroup', label: 'Default Cluster Group', from: null, to: group.name },
      { field: 'clusterGroups', label: 'Cluster Groups', added: [group.name] },
    ]);
    expect(entry.before).toEqual(created);
    expect(entry.after).toEqual(await get(`/profile/visibility/get/${created.uuid}`));
  });

  it('delete: the profile as it was; its users lose it by the same call', async () => {
    const created = await create();
    const user = calls().plainUser();
    await ok('POST', '/user/update', {
      user: { ...(await get(`/user/${user.uuid}`)), visibilityProfile: { uuid: created.uuid, name: created.name } },
    });
    await ok('DELETE', `/profile/visibility/${created.uuid}`);
    const call = `DELETE /api/v1/profile/visibility/${created.uuid}`;
    expect(await latest('visibilityProfile', created.uuid)).toMatchObject({
      ...madeBy('delete', call),
      before: created,
      after: null,
    });
    const lost = await latest('user', user.uuid);
    expect(lost).toMatchObject(madeBy('update', call));
    expect(lost.changes).toEqual([{ field: 'visibilityProfile', label: 'Visibility', from: created.name, to: null }]);
  });

  it('a visibility sync changes none of these records: nothing is recorded', async () => {
    const vp = [...t.store.visibilityProfiles.values()][0]!;
    await ok('GET', '/visibility/sync/all');
    expect((await calls().history('visibilityProfile', vp.uuid)).body.entries).toEqual([]);
  });
});

// ------------------------------------------------------------- OAuth2 clients

describe('OAuth2 clients', () => {
  const create = () =>
    ok('POST', '/authClient/update', {
      name: `Planner ${tag()}`,
      description: 'Capacity planning',
      allowedRedirectTarget: 'https://planner.example.com/callback',
      clientSecret: 'Client-Secret-0123456789abcdef-1',
    });

  it('create: the secret as a set secret, the other fields', async () => {
    const created = await create();
    const entry = await latest('authClient', created.uuid);
    expect(entry).toMatchObject({ ...madeBy('create', 'POST /api/v1/authClient/update'), before: null });
    expect(entry.changes).toEqual([
      { field: 'clientSecret', label: 'Client Secret', secret: true },
      { field: 'name', label: 'Name', from: null, to: created.name },
      { field: 'description', label: 'Description', from: null, to: 'Capacity planning' },
      {
        field: 'allowedRedirectTarget',
        label: 'Allowed Redirect Target',
        from: null,
        to: 'https://planner.example.com/callback',
      },
    ]);
    const { clientSecret: _, ...listed } = await get(`/authClient/get/${created.uuid}`);
    expect(entry.after).toEqual(listed);
  });

  it('update: a changed secret, the description old → new', async () => {
    const created = await create();
    await ok('POST', '/authClient/update', {
      ...created,
      description: 'Capacity planning tool',
      clientSecret: 'Client-Secret-0123456789abcdef-2',
    });
    const entry = await latest('authClient', created.uuid);
    expect(entry).toMatchObject(madeBy('update', 'POST /api/v1/authClient/update'));
    expect(entry.changes).toEqual([
      { field: 'clientSecret', label: 'Client Secret', secret: true },
      { field: 'description', label: 'Description', from: 'Capacity planning', to: 'Capacity planning tool' },
    ]);
  });

  it('a save that changes nothing records nothing', async () => {
    const created = await create();
    await ok('POST', '/authClient/update', created);
    expect((await calls().history('authClient', created.uuid)).body.entries).toHaveLength(1);
  });
});
