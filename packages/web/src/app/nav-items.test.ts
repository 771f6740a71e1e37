import type { Role } from '@userprofile/shared/constants';
import { describe, expect, it } from 'vitest';
import { checkAccess } from './guards.ts';
import { NAV_ENTRIES, navItemsFor, routeOf } from './nav-items.ts';
import { routes } from './route-table.ts';

const labels = (role: Role | null, activity = false, policy = false) =>
  navItemsFor(role, activity, policy).map((i) => i.label);

/** A signed-in person of this role, as the guard sees them (null: no console role). */
const person = (role: Role | null) => ({ success: true, username: 'u', roles: role ? [role] : [], layoutCode: [] });

const ROLES = ['ERRIGAL_ADMIN', 'ADMIN', 'SCO_ADMIN', null] as const;

describe('navItemsFor (spec §2 side navigation)', () => {
  it('every entry opens a route of the route table', () => {
    for (const entry of NAV_ENTRIES) expect(routeOf(entry.href), entry.label).toBeDefined();
  });

  it('offers, for every role, exactly the entries whose route the guard lets it open', () => {
    for (const role of ROLES) {
      const items = navItemsFor(role, true, true).map((i) => i.href);
      for (const entry of NAV_ENTRIES) {
        const route = routeOf(entry.href, routes);
        const opens = route ? checkAccess(route.access, person(role)) === 'allow' : false;
        expect(items.includes(entry.href), `${role ?? 'no console role'}: ${entry.label}`).toBe(opens);
      }
    }
  });

  it('SCO_ADMIN is offered Check Access, as customer.admin is: both may open it', () => {
    expect(labels('SCO_ADMIN')).toEqual(['Users', 'Check Access']);
    expect(labels('ADMIN')).toEqual([
      'Users',
      'Check Access',
      'Profiles',
      'Visibilities',
      'Applications',
      'Application Admin',
    ]);
  });

  it('every role reads the activity log, last, where the backend keeps one', () => {
    for (const role of ['SCO_ADMIN', 'ADMIN', 'ERRIGAL_ADMIN'] as const) {
      expect(navItemsFor(role, true).at(-1)).toMatchObject({ label: 'Activity', href: '/activity' });
      expect(labels(role)).not.toContain('Activity');
    }
    expect(navItemsFor(null, true, true)).toEqual([]);
  });

  it('ERRIGAL_ADMIN adds OAuth2 Clients, and the Sign-in Policy where the backend keeps one', () => {
    expect(labels('ERRIGAL_ADMIN')).toContain('OAuth2 Clients');
    expect(labels('ERRIGAL_ADMIN')).not.toContain('Sign-in Policy');
    expect(labels('ERRIGAL_ADMIN', true, true).slice(-3)).toEqual(['OAuth2 Clients', 'Sign-in Policy', 'Activity']);
    expect(labels('ADMIN', true, true)).not.toContain('Sign-in Policy');
    expect(navItemsFor('ERRIGAL_ADMIN').find((i) => i.label === 'Applications')?.href).toBe('/profile/app/list');
  });
});
