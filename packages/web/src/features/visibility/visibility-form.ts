// The visibility profile form (spec §2, §3, §5): the draft the editor edits,
// its mapping from and to the wire, and the rules of shared/validation.ts.
import { CLONE_SUFFIX, DEFAULT_MINIMUM_ROLE, isRole, type Role } from '@userprofile/shared/constants';
import type { components } from '@userprofile/shared/generated/api';
import {
  type ValidationErrors,
  type VisibilityProfileField,
  validateVisibilityProfile,
} from '@userprofile/shared/validation';
import { type DescribeField, describeFields } from '../../lib/edit-conflict.ts';
import { type ClusterIndex, chosenForest, forestIds } from './cluster-index.ts';

export type VisibilityProfile = components['schemas']['VisibilityProfile'];
export type VisibilityProfileInput = components['schemas']['VisibilityProfileInput'];
export type VisibilitySet = components['schemas']['VisibilitySet'];
export type NamedRef = components['schemas']['NamedRef'];

/** The flat element lists of a profile, each an editor tab. */
export type ElementKind = 'carriers' | 'clusterGroups' | 'networkGroups' | 'neAttributes' | 'venues';
export const ELEMENT_KINDS: readonly ElementKind[] = [
  'carriers',
  'clusterGroups',
  'networkGroups',
  'neAttributes',
  'venues',
];

export interface VisibilityForm {
  /** Null: a new profile (create mode). */
  uuid: string | null;
  name: string;
  description: string;
  minimumRole: Role;
  companyUuid: string | null;
  primary: string | null;
  clusters: ReadonlySet<string>;
  defaultClusterGroup: string | null;
  elements: Record<ElementKind, ReadonlySet<string>>;
}

const ids = (refs: readonly { uuid: string }[] | null | undefined) => new Set((refs ?? []).map((r) => r.uuid));

/** A new profile's minimum role is the current user's default (spec §6), else ADMIN (spec §9). */
function roleOr(name: string | null | undefined, fallback: string | null | undefined): Role {
  if (isRole(name)) return name;
  return isRole(fallback) ? fallback : DEFAULT_MINIMUM_ROLE;
}

export function newVisibilityForm(defaultMinimumRole: string | null | undefined): VisibilityForm {
  return {
    uuid: null,
    name: '',
    description: '',
    minimumRole: roleOr(defaultMinimumRole, null),
    companyUuid: null,
    primary: null,
    clusters: new Set(),
    defaultClusterGroup: null,
    elements: {
      carriers: new Set(),
      clusterGroups: new Set(),
      networkGroups: new Set(),
      neAttributes: new Set(),
      venues: new Set(),
    },
  };
}

export function toVisibilityForm(p: VisibilityProfile, defaultMinimumRole: string | null | undefined): VisibilityForm {
  return {
    uuid: p.uuid,
    name: p.name,
    description: p.description ?? '',
    minimumRole: roleOr(p.minimumRole?.name, defaultMinimumRole),
    companyUuid: p.errigalCustomerCompany?.uuid ?? null,
    primary: p.primaryVisibility?.uuid ?? null,
    clusters: new Set(forestIds(p.clusters)),
    defaultClusterGroup: p.defaultClusterGroup?.uuid ?? null,
    elements: {
      carriers: ids(p.carriers),
      clusterGroups: ids(p.clusterGroups),
      networkGroups: ids(p.networkGroups),
      neAttributes: ids(p.neAttributes),
      venues: ids(p.venues),
    },
  };
}

/** Clone (as for the other profiles): the form copied, uuid cleared, '_clone' appended to the name. */
export function cloneVisibilityForm(form: VisibilityForm): VisibilityForm {
  return { ...form, uuid: null, name: form.name + CLONE_SUFFIX };
}

/** Names of the available elements by uuid, for the references the wire carries. */
export function elementNames(set: VisibilitySet): Map<string, string> {
  const names = new Map<string, string>();
  for (const kind of ELEMENT_KINDS) for (const e of set[kind]) names.set(e.uuid, e.name);
  return names;
}

export function toVisibilityPayload(
  form: VisibilityForm,
  index: ClusterIndex,
  names: ReadonlyMap<string, string>,
): VisibilityProfileInput {
  const refs = (selected: ReadonlySet<string>): NamedRef[] =>
    [...selected].flatMap((uuid) => {
      const name = names.get(uuid);
      return name === undefined ? [] : [{ uuid, name }];
    });
  const ref = (uuid: string | null, name: string | undefined): NamedRef | null =>
    uuid && name !== undefined ? { uuid, name } : null;
  const primaryAt = form.primary ? index.at.get(form.primary) : undefined;
  return {
    ...(form.uuid ? { uuid: form.uuid } : {}),
    name: form.name,
    description: form.description,
    minimumRole: { name: form.minimumRole },
    errigalCustomerCompany: form.companyUuid ? { uuid: form.companyUuid } : null,
    primaryVisibility: ref(form.primary, primaryAt === undefined ? undefined : index.name[primaryAt]),
    clusters: chosenForest(index, form.clusters),
    defaultClusterGroup: ref(form.defaultClusterGroup, names.get(form.defaultClusterGroup ?? '')),
    carriers: refs(form.elements.carriers),
    clusterGroups: refs(form.elements.clusterGroups),
    networkGroups: refs(form.elements.networkGroups),
    neAttributes: refs(form.elements.neAttributes),
    venues: refs(form.elements.venues),
  };
}

type BasicFields = Pick<VisibilityForm, 'name' | 'description' | 'minimumRole' | 'companyUuid'>;

const basicValues = (form: BasicFields) => ({
  name: form.name,
  description: form.description,
  minimumRole: { name: form.minimumRole },
  errigalCustomerCompany: { uuid: form.companyUuid },
});

export function validateVisibilityForm(form: VisibilityForm): ValidationErrors<VisibilityProfileField> {
  return validateVisibilityProfile({
    ...basicValues(form),
    primaryVisibility: { uuid: form.primary },
    networkGroups: [...form.elements.networkGroups].map((uuid) => ({ uuid })),
  });
}

/** Spec §5 'Either primary visibility or a network group has to be set', read from those two alone (the Cluster tab's own re-render). */
export function primaryVisibilityError(form: Pick<VisibilityForm, 'primary' | 'elements'>): string | undefined {
  return validateVisibilityProfile({
    primaryVisibility: { uuid: form.primary },
    networkGroups: [...form.elements.networkGroups].map((uuid) => ({ uuid })),
  }).primaryVisibility;
}

/** The rules of the Basic Info fields alone, read without the clusters and elements (the tab's own re-render). */
export function validateBasicInfo(form: BasicFields): ValidationErrors<VisibilityProfileField> {
  const { primaryVisibility: _, ...errors } = validateVisibilityProfile(basicValues(form));
  return errors;
}

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a === b || (a.size === b.size && [...a].every((id) => b.has(id)));

/** Whether two forms hold the same values (for the unsaved-changes guard). */
export function formsEqual(a: VisibilityForm, b: VisibilityForm): boolean {
  return (
    a.uuid === b.uuid &&
    a.name === b.name &&
    a.description === b.description &&
    a.minimumRole === b.minimumRole &&
    a.companyUuid === b.companyUuid &&
    a.primary === b.primary &&
    a.defaultClusterGroup === b.defaultClusterGroup &&
    sameSet(a.clusters, b.clusters) &&
    ELEMENT_KINDS.every((k) => sameSet(a.elements[k], b.elements[k]))
  );
}

/** At most this many names of a selection are listed in the conflict dialog; the rest are counted. */
const LISTED = 8;

function listed(names: readonly string[]): string {
  const sorted = [...names].sort((a, b) => a.localeCompare(b));
  const more = sorted.length - LISTED;
  return more > 0 ? `${sorted.slice(0, LISTED).join(', ')} and ${more} more` : sorted.join(', ');
}

const KIND_LABELS: Record<ElementKind, string> = {
  carriers: 'Carriers',
  clusterGroups: 'Cluster Groups',
  networkGroups: 'Network Groups',
  neAttributes: 'Network Attributes',
  venues: 'Venues',
};

/**
 * The profile's fields as the conflict dialog shows them:
 * the selections by name (`clusterName`: a cluster's name in the tree), a
 * long one as its first names and a count.
 */
export function describeVisibilityField(
  names: ReadonlyMap<string, string>,
  clusterName: (uuid: string) => string | undefined,
  audience: {
    minimumRole: (role: string) => string;
    companyUuid: (uuid: string | null) => string;
  },
): DescribeField<VisibilityForm> {
  const cluster = (uuid: string) => clusterName(uuid) ?? uuid;
  return describeFields<VisibilityForm>(
    {
      name: 'Name',
      description: 'Description',
      minimumRole: 'Visible To',
      companyUuid: 'Company',
      primary: 'Primary Visibility',
      clusters: 'Clusters',
      defaultClusterGroup: 'Default Cluster Group',
      elements: 'Elements',
    },
    {
      ...audience,
      primary: (uuid) => (uuid ? cluster(uuid) : ''),
      clusters: (selected) => listed([...selected].map(cluster)),
      defaultClusterGroup: (uuid) => (uuid ? (names.get(uuid) ?? uuid) : ''),
      elements: (byKind) =>
        ELEMENT_KINDS.filter((kind) => byKind[kind].size > 0)
          .map((kind) => `${KIND_LABELS[kind]}: ${listed([...byKind[kind]].map((uuid) => names.get(uuid) ?? uuid))}`)
          .join('; '),
    },
  );
}
