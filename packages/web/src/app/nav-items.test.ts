import { describe, expect, it } from 'vitest';
import { checkCanAnswer, navItemsFor } from './nav-items.ts';

const labels = (role: Parameters<typeof navItemsFor>[0]) => navItemsFor(role).map((i) => i.label);

describe('navItemsFor (spec §2 side navigation)', () => {
  it('SCO_ADMIN sees Users, and Check Access only when it can answer (issue 34 item 6: a row seen)', () => {
    expect(labels('SCO_ADMIN')).toEqual(['Users']);
    expect(navItemsFor('SCO_ADMIN', true).map((i) => i.label)).toEqual(['Users', 'Check Access']);
    expect(checkCanAnswer([{ roles: [], elements: [] }])).toBe(false);
    expect(
      checkCanAnswer([
        { roles: [], elements: [] },
        { roles: [{}], elements: [] },
      ]),
    ).toBe(true);
  });
  it('ADMIN who sees no row is not offered Check Access', () => {
    expect(navItemsFor('ADMIN', false).map((i) => i.label)).not.toContain('Check Access');
  });
  it('ADMIN adds the profile and application items', () => {
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
      expect(navItemsFor(role, true, true).at(-1)).toMatchObject({ label: 'Activity', href: '/activity' });
      expect(labels(role)).not.toContain('Activity');
    }
    expect(navItemsFor(null, true, true)).toEqual([]);
  });
  it('ERRIGAL_ADMIN adds OAuth2 Clients', () => {
    expect(labels('ERRIGAL_ADMIN')).toContain('OAuth2 Clients');
    expect(navItemsFor('ERRIGAL_ADMIN').find((i) => i.label === 'Applications')?.href).toBe('/profile/app/list');
  });
  it('ERRIGAL_ADMIN alone gets the Sign-in Policy, where the backend keeps one, after OAuth2 Clients', () => {
    expect(labels('ERRIGAL_ADMIN')).not.toContain('Sign-in Policy');
    const top = navItemsFor('ERRIGAL_ADMIN', true, true, true).map((i) => i.label);
    expect(top.slice(-3)).toEqual(['OAuth2 Clients', 'Sign-in Policy', 'Activity']);
    expect(navItemsFor('ADMIN', true, true, true).map((i) => i.label)).not.toContain('Sign-in Policy');
  });
});
