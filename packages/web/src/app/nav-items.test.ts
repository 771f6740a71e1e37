import { describe, expect, it } from 'vitest';
import { navItemsFor } from './nav-items.ts';

const labels = (role: Parameters<typeof navItemsFor>[0]) => navItemsFor(role).map((i) => i.label);

describe('navItemsFor (spec §2 side navigation)', () => {
  it('SCO_ADMIN sees Users and Check Access (issue 26: every role that manages users)', () => {
    expect(labels('SCO_ADMIN')).toEqual(['Users', 'Check Access']);
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
  it('ERRIGAL_ADMIN adds OAuth2 Clients', () => {
    expect(labels('ERRIGAL_ADMIN')).toContain('OAuth2 Clients');
    expect(navItemsFor('ERRIGAL_ADMIN').find((i) => i.label === 'Applications')?.href).toBe('/profile/app/list');
  });
});
