import { describe, expect, it } from 'vitest';
import {
  isValidEmail,
  textLength,
  type UserFormValues,
  validateApplication,
  validateAppProfile,
  validateBusinessProfile,
  validateForgotPassword,
  validateOAuthClient,
  validatePasswordReset,
  validateUser,
  validateVisibilityProfile,
  validateVisibleTo,
} from './validation.ts';

const REQUIRED_255 = 'This field is required. (Max 255 Characters)';
const MAX_255 = 'This must be under 255 characters';
const MAX_1023 = 'This must be under 1023 characters';
const REQUIRED = 'This field is required';
const long = (n: number) => 'x'.repeat(n);

const validUser: UserFormValues = {
  username: 'jane.doe_2',
  email: 'jane.doe@example.com',
  firstName: 'Jane',
  lastName: 'Doe',
  deskPhone: '',
  mobilePhone: null,
  active: true,
  businessProfile: { uuid: 'bp-1', name: 'Ops' },
  visibilityProfile: { uuid: 'vp-1', name: 'North' },
  minimumRole: { name: 'ADMIN' },
  errigalCustomerCompany: null,
  elements: [],
};
const noTree = { businessProfileOffersDefaultTree: false };

describe('validateUser', () => {
  it('accepts a complete user', () => {
    expect(validateUser(validUser, noTree)).toEqual({});
  });

  it('requires username, email, names, profiles, status and minimum role with the spec messages', () => {
    expect(validateUser({}, noTree)).toEqual({
      username: REQUIRED_255,
      email: REQUIRED_255,
      firstName: REQUIRED_255,
      lastName: REQUIRED_255,
      active: REQUIRED,
      businessProfile: REQUIRED,
      visibilityProfile: REQUIRED,
      minimumRole: REQUIRED,
    });
  });

  it('treats white space as empty', () => {
    expect(validateUser({ ...validUser, firstName: '   ' }, noTree)).toEqual({ firstName: REQUIRED_255 });
  });

  it('accepts exactly 255 characters and refuses 256', () => {
    expect(validateUser({ ...validUser, lastName: long(255), deskPhone: long(255) }, noTree)).toEqual({});
    expect(
      validateUser({ ...validUser, lastName: long(256), deskPhone: long(256), mobilePhone: long(256) }, noTree),
    ).toEqual({ lastName: REQUIRED_255, deskPhone: MAX_255, mobilePhone: MAX_255 });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(textLength('😀'.repeat(255))).toBe(255);
    expect(validateUser({ ...validUser, firstName: '😀'.repeat(255) }, noTree)).toEqual({});
  });

  it('allows only letters, digits, underscore and period in the username', () => {
    const pattern = 'Only alphanumeric letters, _ (underscore), and . (period) are allowed';
    for (const username of ['jane doe', 'jane-doe', 'jane@x', 'jané', 'a/b']) {
      expect(validateUser({ ...validUser, username }, noTree)).toEqual({ username: pattern });
    }
    expect(validateUser({ ...validUser, username: `${long(256)}` }, noTree)).toEqual({ username: REQUIRED_255 });
  });

  it('refuses an invalid e-mail address with the e-mail message', () => {
    for (const email of ['jane', 'jane@', '@example.com', 'jane@example', 'jane@@example.com', 'ja ne@example.com']) {
      expect(validateUser({ ...validUser, email }, noTree)).toEqual({ email: REQUIRED_255 });
    }
  });

  it('requires the active flag to be a boolean, false included', () => {
    expect(validateUser({ ...validUser, active: false }, noTree)).toEqual({});
    expect(validateUser({ ...validUser, active: null }, noTree)).toEqual({ active: REQUIRED });
  });

  it('needs a company for a user visible to SCO admins', () => {
    const sco = { ...validUser, minimumRole: { name: 'SCO_ADMIN' } };
    expect(validateUser(sco, noTree)).toEqual({ errigalCustomerCompany: REQUIRED });
    expect(validateUser({ ...sco, errigalCustomerCompany: { uuid: 'acme' } }, noTree)).toEqual({});
  });

  it('needs a default tree element when the business profile offers the tree', () => {
    const offered = { businessProfileOffersDefaultTree: true };
    expect(validateUser(validUser, offered)).toEqual({
      defaultTreeMustBeAssigned: 'Please Select an Business Profile From the list',
    });
    const otherCategory = { ...validUser, elements: [{ uuid: 'e-1', category: 'REGION' }] };
    expect(validateUser(otherCategory, offered)).toHaveProperty('defaultTreeMustBeAssigned');
    const unchosen = { ...validUser, elements: [{ uuid: '', category: 'NOVA_NOVA_TREE' }] };
    expect(validateUser(unchosen, offered)).toHaveProperty('defaultTreeMustBeAssigned');
    const assigned = { ...validUser, elements: [{ uuid: 'tree-1', name: 'Root', category: 'NOVA_NOVA_TREE' }] };
    expect(validateUser(assigned, offered)).toEqual({});
    expect(validateUser(validUser, noTree)).toEqual({});
  });
});

describe('isValidEmail', () => {
  it('accepts common addresses', () => {
    for (const email of [
      'a@b.co',
      'first.last+tag@mail.example.org',
      "o'brien@example.ie",
      'x_y-z@sub-domain.example.com',
    ]) {
      expect(isValidEmail(email)).toBe(true);
    }
  });

  it('refuses malformed ones', () => {
    for (const email of [
      '.a@b.co',
      'a.@b.co',
      'a..b@b.co',
      'a@-b.co',
      'a@b-.co',
      'a@b.c',
      'a@b..co',
      `${long(65)}@b.co`,
    ]) {
      expect(isValidEmail(email)).toBe(false);
    }
  });
});

const validApplication = {
  name: 'Snmp Manager',
  dataUrl: 'jdbc:postgresql://db/snmp',
  dataDriverName: 'org.postgresql.Driver',
  dataUsername: 'snmp',
  dataPassword: 'secret',
  apiHost: 'https://snmp.example.com',
  apiAuthType: 'OAUTH2',
  apiUsername: 'api',
  apiPassword: 'secret',
  roles: [{ uuid: 'r-1', name: 'READ', minimumRole: { name: 'ADMIN' } }],
  elements: [
    {
      uuid: 'e-1',
      name: 'Root',
      category: 'NOVA_NOVA_TREE',
      minimumRole: { name: 'SCO_ADMIN' },
      errigalCustomerCompany: { uuid: 'acme' },
    },
  ],
};

describe('validateApplication', () => {
  it('accepts a complete application', () => {
    expect(validateApplication(validApplication)).toEqual({});
  });

  it('requires every connection field and the auth type', () => {
    expect(validateApplication({})).toEqual({
      name: REQUIRED_255,
      dataUrl: REQUIRED_255,
      dataDriverName: REQUIRED_255,
      dataUsername: REQUIRED_255,
      dataPassword: REQUIRED_255,
      apiHost: REQUIRED_255,
      apiAuthType: REQUIRED,
      apiUsername: REQUIRED_255,
      apiPassword: REQUIRED_255,
    });
    expect(validateApplication({ ...validApplication, apiHost: long(256) })).toEqual({ apiHost: REQUIRED_255 });
  });

  it('keys each row problem by list and index', () => {
    const errors = validateApplication({
      ...validApplication,
      roles: [
        { uuid: 'r-1', name: 'READ', minimumRole: { name: 'ADMIN' } },
        { uuid: 'r-2', name: 'WRITE', minimumRole: { name: 'ADMIN' } },
        { uuid: '', name: ' ', minimumRole: null },
      ],
      elements: [{ uuid: 'e-1', name: 'Root', minimumRole: { name: 'SCO_ADMIN' } }],
    });
    expect(errors).toEqual({
      'roles.2.uuid': REQUIRED,
      'roles.2.name': REQUIRED,
      'roles.2.minimumRole': REQUIRED,
      'elements.0.errigalCustomerCompany': REQUIRED,
    });
  });

  it('keeps stored passwords when a saved application leaves them blank', () => {
    const blank = { ...validApplication, dataPassword: '', apiPassword: null };
    expect(validateApplication(blank)).toEqual({ dataPassword: REQUIRED_255, apiPassword: REQUIRED_255 });
    expect(validateApplication(blank, { passwordsStored: true })).toEqual({});
    // A new password for a saved application still keeps to 255 characters.
    expect(validateApplication({ ...blank, apiPassword: long(256) }, { passwordsStored: true })).toEqual({
      apiPassword: REQUIRED_255,
    });
  });

  it('skips rows flagged for deletion', () => {
    expect(validateApplication({ ...validApplication, roles: [{ uuid: 'r-9', deleted: true }] })).toEqual({});
  });
});

describe('profiles', () => {
  const base = { name: 'Ops', description: 'Operations', minimumRole: { name: 'ADMIN' } };

  it('validates name, description and minimum role alike for the three kinds', () => {
    const bad = { name: '', description: long(1024), minimumRole: null };
    const common = { name: REQUIRED_255, description: MAX_1023, minimumRole: REQUIRED };
    expect(validateAppProfile({ ...bad, application: { uuid: 'a-1' } })).toEqual(common);
    expect(validateBusinessProfile({ ...bad, appProfiles: [{ uuid: 'ap', name: 'x', appUUID: 'a' }] })).toEqual(common);
    expect(validateVisibilityProfile({ ...bad, primaryVisibility: { uuid: 'c-1' } })).toEqual(common);
    expect(validateAppProfile({ ...base, description: long(1023), application: { uuid: 'a-1' } })).toEqual({});
  });

  it('requires an application on an application profile', () => {
    expect(validateAppProfile(base)).toEqual({ application: 'Please select an application' });
    expect(validateAppProfile({ ...base, application: { uuid: 'a-1', name: 'Snmp Manager' } })).toEqual({});
  });

  it('requires app profiles, each complete, on a business profile', () => {
    expect(validateBusinessProfile(base)).toEqual({ appProfiles: REQUIRED });
    expect(
      validateBusinessProfile({
        ...base,
        appProfiles: [
          { uuid: 'ap-1', name: 'Readers', application: { uuid: 'a-1' } },
          { uuid: 'ap-2', name: '', appUUID: '' },
        ],
      }),
    ).toEqual({ 'appProfiles.1.name': REQUIRED, 'appProfiles.1.appUUID': REQUIRED });
    expect(
      validateBusinessProfile({ ...base, appProfiles: [{ uuid: 'ap-1', name: 'Readers', appUUID: 'a-1' }] }),
    ).toEqual({});
  });

  it('allows one app profile per application on a business profile', () => {
    expect(
      validateBusinessProfile({
        ...base,
        appProfiles: [
          { uuid: 'ap-1', name: 'Readers', appUUID: 'a-1' },
          { uuid: 'ap-2', name: 'Writers', application: { uuid: 'a-2' } },
          { uuid: 'ap-3', name: 'Editors', application: { uuid: 'a-1' } },
        ],
      }),
    ).toEqual({ 'appProfiles.2.appUUID': 'Only one application profile per application' });
  });

  it('requires a primary visibility or a network group on a visibility profile', () => {
    const message = 'Either primary visibility or a network group has to be set';
    expect(validateVisibilityProfile(base)).toEqual({ primaryVisibility: message });
    expect(validateVisibilityProfile({ ...base, primaryVisibility: null, networkGroups: [] })).toEqual({
      primaryVisibility: message,
    });
    expect(validateVisibilityProfile({ ...base, primaryVisibility: { uuid: 'c-1', name: 'North' } })).toEqual({});
    expect(validateVisibilityProfile({ ...base, networkGroups: [{ uuid: 'ng-1', name: 'Core' }] })).toEqual({});
  });

  it('flags SCO_ADMIN visibility without a company on every profile', () => {
    const sco = { ...base, minimumRole: { name: 'SCO_ADMIN' }, errigalCustomerCompany: { uuid: '' } };
    expect(validateAppProfile({ ...sco, application: { uuid: 'a-1' } })).toEqual({ errigalCustomerCompany: REQUIRED });
    expect(validateVisibilityProfile({ ...sco, networkGroups: [{ uuid: 'ng' }] })).toEqual({
      errigalCustomerCompany: REQUIRED,
    });
  });
});

describe('validateVisibleTo', () => {
  it('flags SCO_ADMIN with no company only', () => {
    expect(validateVisibleTo({ minimumRole: { name: 'SCO_ADMIN' } })).toEqual({ errigalCustomerCompany: REQUIRED });
    expect(validateVisibleTo({ minimumRole: { name: 'SCO_ADMIN' }, errigalCustomerCompany: { uuid: 'acme' } })).toEqual(
      {},
    );
    expect(validateVisibleTo({ minimumRole: { name: 'ADMIN' } })).toEqual({});
    expect(validateVisibleTo({ minimumRole: { name: 'ERRIGAL_ADMIN' }, errigalCustomerCompany: null })).toEqual({});
  });
});

describe('validateOAuthClient', () => {
  const client = {
    name: 'Reports',
    description: 'Reporting suite',
    allowedRedirectTarget: 'https://reports.example.com/callback',
    clientSecret: 'a'.repeat(32),
  };
  const secretMessage = 'This field is required and must be under 64 characters';

  it('accepts a complete client, and one without a redirect target', () => {
    expect(validateOAuthClient(client)).toEqual({});
    expect(validateOAuthClient({ ...client, allowedRedirectTarget: '' })).toEqual({});
  });

  it('requires name, description and secret', () => {
    expect(validateOAuthClient({})).toEqual({
      name: REQUIRED_255,
      description: REQUIRED_255,
      clientSecret: secretMessage,
    });
  });

  it('limits the secret to 64 characters and the redirect target to 255', () => {
    expect(validateOAuthClient({ ...client, clientSecret: long(64) })).toEqual({});
    expect(validateOAuthClient({ ...client, clientSecret: long(65) })).toEqual({ clientSecret: secretMessage });
    const longTarget = `https://example.com/${long(240)}`;
    expect(validateOAuthClient({ ...client, allowedRedirectTarget: longTarget })).toEqual({
      allowedRedirectTarget: MAX_255,
    });
  });

  it('accepts an absolute https URL, and http on a loopback host only', () => {
    for (const target of [
      'https://reports.example.com/cb',
      'https://reports.example.com:8443/oauth/callback?tenant=a',
      'http://127.0.0.1:8080/userprofile/selfcallback',
      'http://localhost:3000/callback',
      'http://[::1]:9000/cb',
    ]) {
      expect(validateOAuthClient({ ...client, allowedRedirectTarget: target }), target).toEqual({});
    }
  });

  it('refuses every other redirect target, naming the field', () => {
    const message =
      'This must be an absolute https URL (http only on localhost, 127.0.0.1 or [::1]) without a fragment';
    for (const target of [
      'javascript:alert(1)',
      'JavaScript://example.com/%0Aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      '/callback',
      '//evil.example.net/cb',
      'reports.example.com/cb',
      'https://x.example/cb#frag',
      'https://good.example@evil.example/cb',
      'http://reports.example.com/cb',
      'http://localhost.evil.example/cb',
      'http://10.0.0.1/cb',
      'ftp://x.example/',
      ' https://x.example/cb',
    ]) {
      expect(validateOAuthClient({ ...client, allowedRedirectTarget: target }), target).toEqual({
        allowedRedirectTarget: message,
      });
    }
  });
});

describe('validatePasswordReset', () => {
  it('asks for both fields first', () => {
    const message = 'Please fill in the two password fields';
    expect(validatePasswordReset({})).toEqual({ password: message });
    expect(validatePasswordReset({ password: 'Passw0rd!' })).toEqual({ rePassword: message });
    expect(validatePasswordReset({ rePassword: 'Passw0rd!' })).toEqual({ password: message });
  });

  it('needs at least 8 characters in each', () => {
    const message = 'Password must be at least 8 characters';
    expect(validatePasswordReset({ password: 'short', rePassword: 'short' })).toEqual({
      password: message,
      rePassword: message,
    });
    expect(validatePasswordReset({ password: '12345678', rePassword: '12345678' })).toEqual({});
  });

  it('needs both equal', () => {
    expect(validatePasswordReset({ password: 'Passw0rd!', rePassword: 'Passw0rd?' })).toEqual({
      rePassword: 'Passwords do not match',
    });
    expect(validatePasswordReset({ token: 't', password: 'Passw0rd!', rePassword: 'Passw0rd!' })).toEqual({});
  });
});

describe('validateForgotPassword', () => {
  it('requires a username', () => {
    expect(validateForgotPassword({ username: ' ' })).toEqual({ username: 'Please a valid username' });
    expect(validateForgotPassword({})).toEqual({ username: 'Please a valid username' });
    expect(validateForgotPassword({ username: 'jane.doe' })).toEqual({});
  });
});
