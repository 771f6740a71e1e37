// Visibility profiles and elements: the cluster trees of the seed,
// the bench inventory (SEED_CLUSTERS), and the layout codes NEA and VEN,
// which the server enforces as the console hides them.
import { describe, expect, it } from 'vitest';
import type { ClusterRecord } from '../src/store/types.ts';
import { API, appUnderTest } from './harness.ts';
import { CUSTOMER, PROVIDER } from './helpers.ts';

interface Node {
  uuid: string;
  name: string;
  children: Node[];
}
const depthOf = (nodes: Node[]): number => Math.max(0, ...nodes.map((n) => 1 + depthOf(n.children)));
const sizeOf = (nodes: Node[]): number => nodes.reduce((sum, n) => sum + 1 + sizeOf(n.children), 0);
const widest = (nodes: Node[]): number => Math.max(nodes.length, ...nodes.map((n) => widest(n.children)));

describe('the seeded cluster trees', () => {
  const t = appUnderTest({}, { reseedEach: false });

  it('are deep (six levels) and wide (a node with sixty children)', async () => {
    const set = (await t.call('GET', `${API}/visibility/set`, { as: PROVIDER })).body;
    expect(depthOf(set.clusters)).toBe(6);
    expect(widest(set.clusters)).toBeGreaterThanOrEqual(60);
  });

  it('a profile holds part of the deep tree, as a tree', async () => {
    const list = (await t.call('GET', `${API}/profile/visibility/list`, { as: PROVIDER })).body as {
      name: string;
      clusters: Node[];
      primaryVisibility: { name: string };
    }[];
    const transport = list.find((p) => p.name === 'Transport Network Visibility');
    expect(transport?.primaryVisibility.name).toBe('Northern Transport Zone');
    expect(depthOf(transport?.clusters ?? [])).toBe(5);
  });
});

describe('SEED_CLUSTERS: the bench inventory', () => {
  const t = appUnderTest({ seedClusters: 5000 }, { reseedEach: false });

  it('holds 5000 clusters, one root with 1000 descendants, at most six levels deep', async () => {
    const set = (await t.call('GET', `${API}/visibility/set`, { as: PROVIDER })).body;
    expect(sizeOf(set.clusters)).toBe(5000);
    expect(depthOf(set.clusters)).toBe(6);
    expect(set.clusters.map((root: Node) => sizeOf(root.children))).toContain(1000);
  });

  it('survives a reseed', async () => {
    await t.app.inject({ method: 'POST', url: '/__mock/reset' });
    expect(t.store.visibility.clusters.size).toBe(5000);
  });
});

describe('layout codes NEA and VEN', () => {
  const t = appUnderTest();
  const get = (url: string, as: string) => t.call('GET', `${API}${url}`, { as });

  it('a caller without them gets no NE attributes or venues in the set or the profiles', async () => {
    const full = (await get('/visibility/set', PROVIDER)).body;
    expect(full.neAttributes.length).toBeGreaterThan(0);
    expect(full.venues.length).toBeGreaterThan(0);
    const set = (await get('/visibility/set', CUSTOMER)).body;
    expect(set).toMatchObject({ neAttributes: [], venues: [] });
    expect(set.carriers).toEqual(full.carriers);
    const national = (await get('/profile/visibility/list', CUSTOMER)).body.find(
      (p: { name: string }) => p.name === 'National Visibility',
    );
    expect(national).toMatchObject({ neAttributes: [], venues: [] });
    const seen = (await get(`/profile/visibility/get/${national.uuid}`, PROVIDER)).body;
    expect(seen.neAttributes.length).toBeGreaterThan(0);
  });

  it('their save leaves the NE attributes and venues as they were, and may not set any', async () => {
    // A profile of the customer admin's own company (company-less ones are ERRIGAL_ADMIN's to change),
    // given NE attributes and venues as provider.admin would.
    const own = t.store.findUserByUsername(CUSTOMER)!;
    const record = t.store.visibilityProfiles.get(own.visibilityProfileUuid!)!;
    record.neAttributes = [...t.store.visibility.neAttributes.keys()].slice(0, 2);
    record.venues = [...t.store.visibility.venues.keys()].slice(0, 2);
    const national = (await get('/profile/visibility/list', CUSTOMER)).body.find(
      (p: { uuid: string }) => p.uuid === record.uuid,
    );
    const before = (await get(`/profile/visibility/get/${national.uuid}`, PROVIDER)).body;
    const { uuid, name, description, minimumRole, primaryVisibility, carriers, clusters, networkGroups } = national;
    const form = { uuid, name, description, minimumRole, primaryVisibility, carriers, clusters, networkGroups };
    const saved = await t.call('POST', `${API}/profile/visibility/update`, {
      as: CUSTOMER,
      body: { ...form, description: 'Changed', neAttributes: [], venues: [] },
    });
    expect(saved.status).toBe(200);
    const after = (await get(`/profile/visibility/get/${national.uuid}`, PROVIDER)).body;
    expect(after.description).toBe('Changed');
    expect(after.neAttributes).toEqual(before.neAttributes);
    expect(after.venues).toEqual(before.venues);

    const refused = await t.call('POST', `${API}/profile/visibility/update`, {
      as: CUSTOMER,
      body: { ...form, venues: [before.venues[0]] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toContainEqual({ field: 'body.venues', reason: 'Needs the layout code VEN' });
  });

  it('they may not sync NE attributes or venues; their sync all leaves those kinds out', async () => {
    for (const kind of ['networkElementAttribute', 'venue']) {
      expect((await get(`/visibility/sync/${kind}`, CUSTOMER)).status).toBe(403);
    }
    const venuesBefore = t.store.visibility.venues.size;
    const all = (await get('/visibility/sync/all', CUSTOMER)).body;
    const v = t.store.visibility;
    expect(v.venues.size).toBe(venuesBefore);
    expect(all).toBe(v.carriers.size + v.clusters.size + v.clusterGroups.size + v.networkGroups.size);
    expect((await get('/visibility/sync/venue', PROVIDER)).body).toBe(venuesBefore + 1);
  });

  it('a new profile of theirs starts without NE attributes and venues', async () => {
    const cluster = [...t.store.visibility.clusters.values()][0] as ClusterRecord;
    const res = await t.call('POST', `${API}/profile/visibility/update`, {
      as: CUSTOMER,
      body: {
        name: 'Customer Made',
        minimumRole: { name: 'ADMIN' },
        primaryVisibility: { uuid: cluster.uuid, name: cluster.name },
      },
    });
    expect(res.status, res.text).toBe(200);
    const stored = t.store.visibilityProfiles.get(res.body.uuid);
    expect(stored).toMatchObject({ neAttributes: [], venues: [], clusters: [cluster.uuid] });
  });
});
