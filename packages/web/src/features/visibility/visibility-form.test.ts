import { validationMessages } from '@userprofile/shared/messages';
import { describe, expect, it } from 'vitest';
import { buildClusterIndex, type ClusterNode } from './cluster-index.ts';
import {
  cloneVisibilityForm,
  elementNames,
  formsEqual,
  newVisibilityForm,
  toVisibilityForm,
  toVisibilityPayload,
  type VisibilityProfile,
  type VisibilitySet,
  validateVisibilityForm,
} from './visibility-form.ts';

const node = (uuid: string, ...children: ClusterNode[]): ClusterNode => ({ uuid, name: `N ${uuid}`, children });
const set: VisibilitySet = {
  carriers: [{ uuid: 'c1', name: 'Eir' }],
  clusters: [node('r1', node('a', node('a1')), node('b')), node('r2')],
  clusterGroups: [
    { uuid: 'g1', name: 'Core' },
    { uuid: 'g2', name: 'RAN' },
  ],
  networkGroups: [{ uuid: 'n1', name: 'Core IP' }],
  neAttributes: [],
  venues: [],
};
const index = buildClusterIndex(set.clusters);

const profile: VisibilityProfile = {
  uuid: 'p1',
  name: 'North',
  description: 'd',
  minimumRole: { name: 'ADMIN' },
  errigalCustomerCompany: null,
  primaryVisibility: { uuid: 'a', name: 'N a' },
  carriers: [{ uuid: 'c1', name: 'Eir' }],
  clusters: [node('a', node('a1'))],
  defaultClusterGroup: { uuid: 'g2', name: 'RAN' },
  clusterGroups: [{ uuid: 'g2', name: 'RAN' }],
  networkGroups: [],
  neAttributes: [],
  venues: [],
};

describe('the visibility profile form', () => {
  it('maps a profile to the form and back to the wire unchanged', () => {
    const form = toVisibilityForm(profile, 'ADMIN');
    expect([...form.clusters].sort()).toEqual(['a', 'a1']);
    const payload = toVisibilityPayload(form, index, elementNames(set));
    expect(payload).toMatchObject({
      uuid: 'p1',
      name: 'North',
      primaryVisibility: { uuid: 'a', name: 'N a' },
      clusters: [{ uuid: 'a', name: 'N a', children: [{ uuid: 'a1', name: 'N a1', children: [] }] }],
      defaultClusterGroup: { uuid: 'g2', name: 'RAN' },
      clusterGroups: [{ uuid: 'g2', name: 'RAN' }],
      carriers: [{ uuid: 'c1', name: 'Eir' }],
    });
  });

  it('a clone is a new profile named _clone with the same choices', () => {
    const form = toVisibilityForm(profile, 'ADMIN');
    const clone = cloneVisibilityForm(form);
    expect(clone.uuid).toBeNull();
    expect(clone.name).toBe('North_clone');
    expect(formsEqual({ ...clone, uuid: form.uuid, name: form.name }, form)).toBe(true);
    expect(toVisibilityPayload(clone, index, elementNames(set))).not.toHaveProperty('uuid');
  });

  it('needs a primary visibility or a network group (spec §5)', () => {
    const form = { ...newVisibilityForm('ADMIN'), name: 'x' };
    expect(validateVisibilityForm(form).primaryVisibility).toBe(validationMessages.visibilityRequired);
    expect(validateVisibilityForm({ ...form, primary: 'a', clusters: new Set(['a']) })).toEqual({});
    const groups = { ...form.elements, networkGroups: new Set(['n1']) };
    expect(validateVisibilityForm({ ...form, elements: groups })).toEqual({});
  });
});
