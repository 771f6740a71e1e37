// The lookups: locations, and the customer companies the caller may name.
import type { Caller } from './access.ts';
import { byName, type StoreState } from './store-state.ts';
import type { LocationRecord, NamedRecord } from './types.ts';

export function listLocations(state: StoreState): LocationRecord[] {
  return [...state.locations.values()].sort(byName);
}

export function listCompanies(state: StoreState, caller: Caller): NamedRecord[] {
  const all = [...state.companies.values()].sort(byName);
  return caller.role === 'ERRIGAL_ADMIN' ? all : all.filter((c) => c.uuid === caller.companyUuid);
}
