import { describe, expect, it } from 'vitest';
import { effectiveVisibility } from './visibility.ts';
import {
  type AccessApplication,
  type AccessAppProfile,
  type AccessBusinessProfile,
  type AccessUser,
  type AccessWorld,
  checkRow,
  countHolders,
  effectiveApplications,
  grantingProfiles,
  heldRow,
  hiddenProfileReason,
  holdersCsv,
  isHiddenProfileReason,
  reachOf,
} from './walk.ts';

// A small world: Snmp Manager with two roles (one hidden from the reader) and an element.
const app: AccessApplication = {
  uuid: 'app',
  name: 'Snmp Manager',
  roles: [
    { uuid: 'r-op', name: 'ALARM_OPERATOR', category: '', externalRole: false },
    { uuid: 'r-pm', name: 'PM_ANALYST', category: '', externalRole: true },
  ],
  elements: [{ uuid: 'e-tree', name: 'TREE_A', category: 'NOVA_TREE', externalRole: false }],
};
const ap = (uuid: string, name: string, roles: string[], elements: string[] = []): AccessAppProfile => ({
  uuid,
  name,
  applicationUuid: 'app',
  roles,
  elements,
});
const aps: Record<string, AccessAppProfile | 'hidden'> = {
  'ap-op': ap('ap-op', 'Snmp Operator', ['r-op', 'r-secret'], ['e-tree']),
  'ap-pm': ap('ap-pm', 'Snmp Analyst', ['r-pm']),
  'ap-none': ap('ap-none', 'Snmp Nothing', []),
  'ap-hidden': 'hidden',
};
const bps: Record<string, AccessBusinessProfile | 'hidden'> = {
  noc: { uuid: 'noc', name: 'NOC Operators', appProfiles: ['ap-op'] },
  pm: { uuid: 'pm', name: 'Planning', appProfiles: ['ap-pm'] },
  empty: { uuid: 'empty', name: 'Empty', appProfiles: [] },
  none: { uuid: 'none', name: 'Nothing', appProfiles: ['ap-none'] },
  mixed: { uuid: 'mixed', name: 'Mixed', appProfiles: ['ap-none', 'ap-hidden'] },
  secret: 'hidden',
};
const world: AccessWorld = {
  businessProfile: (uuid) => bps[uuid],
  appProfile: (uuid) => aps[uuid],
  application: (uuid) => (uuid === 'app' ? app : undefined),
  appProfilesWithRow: (row) =>
    Object.values(aps).filter(
      (p): p is AccessAppProfile => p !== 'hidden' && [...p.roles, ...p.elements].includes(row),
    ),
  businessProfilesUsing: (uuid) =>
    Object.values(bps).filter((b): b is AccessBusinessProfile => b !== 'hidden' && b.appProfiles.includes(uuid)),
};
const user = (username: string, bp: string | null, active = true): AccessUser => ({
  uuid: `u-${username}`,
  username,
  firstName: username,
  lastName: 'Doe',
  active,
  businessProfileUuid: bp,
  elements: [{ uuid: 'e-tree', actualValue: 'Network' }],
});
const op = heldRow(app, { kind: 'role', uuid: 'r-op' })!;

describe('effective access', () => {
  it('names each seen row with its grant and the user value, and says when rows are hidden', () => {
    const [snmp] = effectiveApplications(world, user('ann', 'noc'), bps.noc as AccessBusinessProfile);
    expect(snmp?.roles.map((r) => r.name)).toEqual(['ALARM_OPERATOR']);
    expect(snmp?.roles[0]?.grants).toEqual([
      { businessProfile: { uuid: 'noc', name: 'NOC Operators' }, appProfile: { uuid: 'ap-op', name: 'Snmp Operator' } },
    ]);
    expect(snmp?.elements[0]).toMatchObject({ name: 'TREE_A', value: 'Network' });
    // r-secret is not among the rows the reader sees.
    expect(snmp?.partHidden).toBe(true);
    const [pm] = effectiveApplications(world, user('bob', 'pm'), bps.pm as AccessBusinessProfile);
    expect(pm?.partHidden).toBeUndefined();
  });

  it('resolves the visibility: subtree roots with their chosen descendants, the default group, NEA by layout', () => {
    const clusters: Record<string, { uuid: string; name: string; parentUuid: string | null }> = {
      root: { uuid: 'root', name: 'Root', parentUuid: null },
      mid: { uuid: 'mid', name: 'Mid', parentUuid: 'root' },
      leaf: { uuid: 'leaf', name: 'Leaf', parentUuid: 'mid' },
    };
    const parts = {
      profile: { uuid: 'vp', name: 'All' },
      primary: null,
      carriers: [
        { uuid: 'c2', name: 'Zeta' },
        { uuid: 'c1', name: 'Alpha' },
      ],
      clusters: ['root', 'leaf'],
      cluster: (id: string) => clusters[id],
      clusterGroups: [{ uuid: 'g', name: 'Group' }],
      defaultClusterGroupUuid: 'g',
      networkGroups: [],
      neAttributes: [{ uuid: 'n', name: 'NE' }],
      venues: [{ uuid: 'v', name: 'Venue' }],
    };
    const v = effectiveVisibility(parts, ['NEA']);
    expect(v.clusters).toEqual([{ uuid: 'root', name: 'Root', descendants: 1 }]);
    expect(v.carriers.map((c) => c.name)).toEqual(['Alpha', 'Zeta']);
    expect(v.clusterGroups).toEqual([{ uuid: 'g', name: 'Group', default: true }]);
    expect(v.neAttributes).toHaveLength(1);
    expect(v.venues).toEqual([]);
  });
});

describe('check access', () => {
  it('grants through the path, without effect for an inactive user', () => {
    expect(checkRow(world, { active: true }, bps.noc, app, op)).toMatchObject({
      verdict: 'granted',
      paths: [{ businessProfile: { name: 'NOC Operators' }, appProfile: { name: 'Snmp Operator' } }],
    });
    expect(checkRow(world, { active: false }, bps.noc, app, op).verdict).toBe('grantedWithoutEffect');
  });

  it('names the missing link and the profiles that would grant it', () => {
    const noBp = checkRow(world, { active: true }, undefined, app, op);
    expect(noBp.missing).toEqual({ kind: 'noBusinessProfile' });
    expect(noBp.wouldGrant).toEqual([
      {
        appProfile: { uuid: 'ap-op', name: 'Snmp Operator' },
        businessProfiles: [{ uuid: 'noc', name: 'NOC Operators' }],
      },
    ]);
    expect(checkRow(world, { active: true }, bps.empty, app, op).missing).toEqual({
      kind: 'noAppProfile',
      businessProfile: { uuid: 'empty', name: 'Empty' },
    });
    expect(checkRow(world, { active: true }, bps.none, app, op).missing?.kind).toBe('rowNotIncluded');
  });

  it('is incomplete when the path runs through a record the reader cannot see, naming none of it', () => {
    const hiddenBp = checkRow(world, { active: true }, 'hidden', app, op);
    expect(hiddenBp).toEqual({
      verdict: 'incomplete',
      businessProfile: null,
      paths: [],
      missing: null,
      wouldGrant: [],
    });
    expect(checkRow(world, { active: true }, bps.mixed, app, op).verdict).toBe('incomplete');
    const partHidden = { ...(bps.none as AccessBusinessProfile), appProfiles: ['ap-part'] };
    const partWorld = { ...world, appProfile: () => ({ ...ap('ap-part', 'Part', []), partHidden: true }) };
    expect(checkRow(partWorld, { active: true }, partHidden, app, op).verdict).toBe('incomplete');
  });
});

describe('who has it', () => {
  const users = [
    user('ann', 'noc'),
    user('bob', 'noc', false),
    user('cat', 'secret'),
    user('dan', 'mixed'),
    user('eve', 'pm'),
  ];
  const granting = grantingProfiles(world, app, op);
  const reach = (needle: string) => (u: AccessUser) =>
    u.businessProfileUuid
      ? reachOf(world, world.businessProfile(u.businessProfileUuid), app, granting, needle)
      : undefined;

  it('lists holders with their paths, counts active and inactive apart, and counts the withheld', () => {
    const all = countHolders(users, reach(''), 'all', '');
    expect(all.holders.map((h) => h.user.username)).toEqual(['ann', 'bob']);
    expect([all.active, all.inactive, all.withheld]).toEqual([1, 1, 2]);
    const active = countHolders(users, reach(''), 'active', '');
    expect(active.holders.map((h) => h.user.username)).toEqual(['ann']);
    expect([active.active, active.inactive]).toEqual([1, 1]);
  });

  it('filters by user or by profile name', () => {
    expect(countHolders(users, reach('bob'), 'all', 'bob').holders.map((h) => h.user.username)).toEqual(['bob']);
    expect(countHolders(users, reach('noc'), 'all', 'noc').holders).toHaveLength(2);
  });

  it('exports every holder as CSV rows with a file name of the names asked about', () => {
    const holders = countHolders(users, reach(''), 'all', '').holders.map((h) => ({
      ...h,
      user: { ...h.user, email: `${h.user.username}@example.com` },
    }));
    const csv = holdersCsv(app, op, holders);
    expect(csv.header.at(-1)).toBe('role');
    expect(csv.rows[0]).toEqual([
      'ann',
      'ann',
      'Doe',
      'ann@example.com',
      'true',
      'NOC Operators',
      'Snmp Operator',
      'Snmp Manager',
      'ALARM_OPERATOR',
    ]);
    expect(csv.fileName).toBe('Snmp_Manager-ALARM_OPERATOR-holders.csv');
  });
});

it('tells the withheld-profile reason from the others', () => {
  expect(isHiddenProfileReason(hiddenProfileReason("User 'ann'"))).toBe(true);
  expect(isHiddenProfileReason("User 'ann' belongs to another company")).toBe(false);
  expect(isHiddenProfileReason(undefined)).toBe(false);
});
