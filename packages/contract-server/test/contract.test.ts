// Every operation of openapi/userprofile.yaml: a good call answers what the
// document says (helpers.ts checks each response against the document), and
// a bad input gets a 400 that names the field.
import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { totpCode } from '../src/factors/totp.ts';
import { CONSOLE_CLIENT_ID } from '../src/seed/seed.ts';
import type { UserRecord } from '../src/store/types.ts';
import { API, appUnderTest } from './harness.ts';
import { CUSTOMER, ORIGIN, PASSWORD, PROVIDER, type Response, SCO } from './helpers.ts';
import { operations } from './openapi.ts';

const t = appUnderTest({}, { reseedEach: false });

const long = (n: number) => 'x'.repeat(n);

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeRequest(challenge: string, clientId = CONSOLE_CLIENT_ID) {
  return {
    client_id: clientId,
    redirect_uri: `${ORIGIN}/userprofile/selfcallback`,
    response_type: 'code',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: 'st4te',
  };
}

/** Signs in with the form and answers the session cookie and the cross-site request token bound to it. */
async function loginSession(): Promise<{ cookie: string; xsrf: string; token: string }> {
  const res = await t.call('POST', '/userprofile/login', {
    raw: {
      payload: new URLSearchParams({ username: PROVIDER, password: PASSWORD }).toString(),
      contentType: 'application/x-www-form-urlencoded',
    },
  });
  expect(res.status).toBe(200);
  const cookies = ([] as string[])
    .concat(res.headers['set-cookie'] as string[])
    .map((c) => c.split(';', 1)[0] as string);
  const xsrf = cookies.find((c) => c.startsWith('XSRF-TOKEN=')) as string;
  return {
    cookie: cookies.find((c) => c.startsWith('UPSESSION=')) as string,
    xsrf,
    token: decodeURIComponent(xsrf.slice('XSRF-TOKEN='.length)),
  };
}

async function authorizeCode(): Promise<{ code: string; verifier: string }> {
  const { verifier, challenge } = pkce();
  const res = await t.call('POST', `${API}/auth/authorize`, {
    body: { credentials: { username: PROVIDER, password: PASSWORD }, authorizeRequest: authorizeRequest(challenge) },
  });
  expect(res.status).toBe(200);
  const code = new URL(res.body.redirectUrl).searchParams.get('code') as string;
  return { code, verifier };
}

const store = () => t.store;
/**
 * customer.admin at a fresh sign-in's second factor step, its user first set to
 * `state` (by default: no factor, an enrolment asked): the ticket, and the headers
 * that carry the step's cookie with the cross-site request token.
 */
async function atFactorStep(state: Partial<UserRecord> = {}) {
  const user = store().findUserByUsername(CUSTOMER)!;
  // The provider's password is the seed's throughout this file (earlier cases change customer.admin's).
  const passwordHash = store().findUserByUsername(PROVIDER)!.passwordHash;
  store().users.set(user.uuid, {
    ...user,
    passwordHash,
    factors: [],
    recoveryCodes: [],
    factorEnrolmentRequested: true,
    ...state,
  });
  const res = await t.call('POST', '/userprofile/login', {
    raw: {
      payload: new URLSearchParams({ username: CUSTOMER, password: PASSWORD }).toString(),
      contentType: 'application/x-www-form-urlencoded',
    },
  });
  expect(res.status, res.text).toBe(200);
  const cookie = ([] as string[]).concat(res.headers['set-cookie'] as string[]).find((c) => c.startsWith('UPFACTOR='))!;
  const xsrf = t.app.auth.xsrfToken();
  return {
    ticket: res.body.secondFactor.ticket as string,
    headers: { cookie: `${cookie.split(';')[0]}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
  };
}

/** customer.admin's user back as the seed made it (no factor, nothing asked). */
function withoutFactors(): void {
  const user = store().findUserByUsername(CUSTOMER)!;
  store().users.set(user.uuid, { ...user, factors: [], recoveryCodes: [], factorEnrolmentRequested: false });
}

const anyUser = (active: boolean) =>
  [...store().users.values()].find(
    (u) => u.active === active && u.businessProfileUuid && !u.username.includes('admin'),
  )!;
const appNamed = (name: string) => store().applications.findByName(name)!;
const alarmOperator = () => {
  const app = appNamed('Alarm Manager');
  return { app, role: app.roles.find((r) => r.name === 'ALARM_OPERATOR')! };
};
const userView = async (uuid: string) => (await t.call('GET', `${API}/user/${uuid}`, { as: PROVIDER })).body;

async function newAppProfile(): Promise<string> {
  const app = appNamed('Alarm Manager');
  const res = await t.call('POST', `${API}/profile/app/update`, {
    as: PROVIDER,
    body: {
      name: `Alarm Manager - Night Shift ${randomBytes(3).toString('hex')}`,
      description: 'Night shift operators',
      application: { uuid: app.uuid, name: app.name },
      minimumRole: { name: 'ADMIN' },
      roles: [{ uuid: app.roles[1]!.uuid }],
      elements: [{ uuid: app.elements[0]!.uuid }],
    },
  });
  expect(res.status).toBe(200);
  return res.body.uuid;
}

function applicationBody(name: string) {
  return {
    name,
    dataUrl: 'jdbc:postgresql://db.noc.internal:5432/fault',
    dataDriverName: 'org.postgresql.Driver',
    dataUsername: 'fault_svc',
    dataPassword: 's3cret',
    apiHost: 'https://fault.noc.internal/api',
    apiAuthType: 'HTTP_BASIC',
    apiUsername: 'fault_api',
    apiPassword: 's3cret',
    roles: [
      {
        uuid: crypto.randomUUID(),
        name: 'FAULT_VIEWER',
        externalRole: false,
        category: 'ROLE',
        minimumRole: { name: 'ADMIN' },
      },
    ],
    elements: [
      {
        uuid: crypto.randomUUID(),
        name: 'Fibre Cuts',
        externalRole: false,
        category: 'FAULT_VIEW',
        minimumRole: { name: 'ADMIN' },
      },
    ],
  };
}

interface Case {
  good: () => Promise<Response>;
  status: number;
  /** The bad input and the field its 400 names; absent for operations that take no input. */
  bad?: () => Promise<Response>;
  field?: string;
}

const cases: Record<string, Case> = {
  login: {
    good: async () =>
      t.call('POST', '/userprofile/login', {
        raw: {
          payload: new URLSearchParams({ username: CUSTOMER, password: PASSWORD }).toString(),
          contentType: 'application/x-www-form-urlencoded',
        },
      }),
    status: 200,
    bad: () =>
      t.call('POST', '/userprofile/login', {
        raw: {
          payload: new URLSearchParams({ username: CUSTOMER }).toString(),
          contentType: 'application/x-www-form-urlencoded',
        },
      }),
    field: 'body.password',
  },
  authorize: {
    good: async () => {
      const { challenge } = pkce();
      return t.call('POST', `${API}/auth/authorize`, {
        body: {
          credentials: { username: PROVIDER, password: PASSWORD },
          authorizeRequest: authorizeRequest(challenge),
        },
      });
    },
    status: 200,
    bad: () =>
      t.call('POST', `${API}/auth/authorize`, { body: { credentials: { username: PROVIDER, password: PASSWORD } } }),
    field: 'body.authorizeRequest',
  },
  checkSession: {
    good: async () => {
      const session = await loginSession();
      return t.call('POST', `${API}/auth/session`, {
        body: { authorizeRequest: authorizeRequest(pkce().challenge) },
        // The token the login handed out with the session (bound to it).
        headers: { cookie: `${session.xsrf}; ${session.cookie}`, 'x-xsrf-token': session.token },
      });
    },
    status: 200,
    bad: () =>
      t.call('POST', `${API}/auth/session`, {
        body: { authorizeRequest: { ...authorizeRequest(pkce().challenge), code_challenge_method: 'plain' } },
      }),
    field: 'body.authorizeRequest.code_challenge_method',
  },
  token: {
    good: async () => {
      const { code, verifier } = await authorizeCode();
      return t.call('POST', `${API}/auth/token`, {
        body: { client_id: CONSOLE_CLIENT_ID, code, code_verifier: verifier, grant_type: 'authorization_code' },
      });
    },
    status: 200,
    // RFC 6749 errors carry the error code, not a field list: the message names the field.
    bad: () =>
      t.call('POST', `${API}/auth/token`, {
        body: { client_id: CONSOLE_CLIENT_ID, code_verifier: long(43), grant_type: 'authorization_code' },
      }),
    field: 'code',
  },
  logout: {
    good: () => t.call('GET', `${API}/auth/logout`),
    status: 200,
    bad: () => t.call('GET', `${API}/auth/logout?ticket=${long(4097)}`),
    field: 'query.ticket',
  },
  frontendConfig: { good: () => t.call('GET', `${API}/auth/frontendconfig`), status: 200 },
  startSso: { good: () => t.call('POST', `${API}/auth/sso/start`), status: 200 },
  getPropelTokenFromCode: {
    good: async () => {
      // The console's page of the browser that started the sign-in: its state, its binding cookie.
      const start = await t.call('POST', `${API}/auth/sso/start`);
      const binding = /UPSSO=([^;]+)/.exec(String(start.headers['set-cookie']))?.[1] as string;
      const { verifier, challenge } = pkce();
      const form = new URLSearchParams({
        client_id: CONSOLE_CLIENT_ID,
        redirect_uri: `${ORIGIN}/userprofile/callback`,
        response_type: 'code',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        state: start.body.state,
        username: CUSTOMER,
        password: PASSWORD,
      });
      const sso = await t.app.inject({
        method: 'POST',
        url: '/sso/oauth/authorize',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form.toString(),
      });
      expect(sso.statusCode).toBe(303);
      const code = new URL(sso.headers.location as string).searchParams.get('code') as string;
      const query = new URLSearchParams({ code, code_verifier: verifier, state: start.body.state });
      const xsrf = t.app.auth.xsrfToken();
      return t.call('GET', `${API}/auth/getPropelTokenFromCode?${query}`, {
        headers: { cookie: `UPSSO=${binding}; XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf },
      });
    },
    status: 200,
    bad: () => t.call('GET', `${API}/auth/getPropelTokenFromCode?code=abc`),
    field: 'query.code_verifier',
  },
  me: { good: () => t.call('GET', `${API}/me`, { as: PROVIDER }), status: 200 },
  jwks: { good: () => t.call('GET', `${API}/auth/jwks`), status: 200 },
  openidConfiguration: { good: () => t.call('GET', '/userprofile/.well-known/openid-configuration'), status: 200 },

  importUsers: {
    good: () =>
      t.upload(
        PROVIDER,
        'username,email,firstName,lastName,active,businessProfile,visibilityProfile,NOVA_NOVA_TREE\r\n' +
          'new.importee,new.importee@example.com,New,Importee,true,NOC Operators,North East Visibility,National Tree\r\n',
      ),
    status: 200,
    bad: () =>
      t.upload(
        PROVIDER,
        'username,email,firstName,lastName,active,businessProfile,visibilityProfile,NOVA_NOVA_TREE\r\n' +
          'bad.importee,not-an-email,Bad,Importee,true,NOC Operators,North East Visibility,National Tree\r\n',
      ),
    field: 'email',
  },
  listActiveUsers: { good: () => t.call('GET', `${API}/user/list/active`, { as: PROVIDER }), status: 200 },
  listInactiveUsers: { good: () => t.call('GET', `${API}/user/list/inactive`, { as: PROVIDER }), status: 200 },
  getUser: {
    good: () => t.call('GET', `${API}/user/${anyUser(true).uuid}`, { as: PROVIDER }),
    status: 200,
    bad: () => t.call('GET', `${API}/user/not-a-uuid`, { as: PROVIDER }),
    field: 'path.uuid',
  },
  getEffectiveAccess: {
    good: () => t.call('GET', `${API}/user/${anyUser(true).uuid}/effectiveAccess`, { as: PROVIDER }),
    status: 200,
    bad: () => t.call('GET', `${API}/user/not-a-uuid/effectiveAccess`, { as: PROVIDER }),
    field: 'path.uuid',
  },
  listAccessHolders: {
    good: () => {
      const { app, role } = alarmOperator();
      return t.call('GET', `${API}/app/${app.uuid}/holders?role=${role.uuid}&status=active&page=1&size=10`, {
        as: PROVIDER,
      });
    },
    status: 200,
    bad: () => t.call('GET', `${API}/app/${alarmOperator().app.uuid}/holders?role=not-a-uuid`, { as: PROVIDER }),
    field: 'query.role',
  },
  exportAccessHolders: {
    good: () => {
      const { app, role } = alarmOperator();
      return t.call('GET', `${API}/app/${app.uuid}/holders/export?role=${role.uuid}`, { as: PROVIDER });
    },
    status: 200,
    bad: () => t.call('GET', `${API}/app/${alarmOperator().app.uuid}/holders/export?status=gone`, { as: PROVIDER }),
    field: 'query.status',
  },
  checkAccess: {
    good: () => {
      const { app, role } = alarmOperator();
      return t.call('GET', `${API}/access/check?user=${anyUser(true).uuid}&application=${app.uuid}&role=${role.uuid}`, {
        as: PROVIDER,
      });
    },
    status: 200,
    bad: () =>
      t.call('GET', `${API}/access/check?user=not-a-uuid&application=${alarmOperator().app.uuid}`, { as: PROVIDER }),
    field: 'query.user',
  },
  getUserSignIns: {
    good: () => t.call('GET', `${API}/user/${anyUser(true).uuid}/signIns`, { as: PROVIDER }),
    status: 200,
    bad: () => t.call('GET', `${API}/user/not-a-uuid/signIns`, { as: PROVIDER }),
    field: 'path.uuid',
  },
  unlockUser: {
    good: () => t.call('POST', `${API}/user/${anyUser(true).uuid}/unlock`, { as: PROVIDER }),
    status: 200,
    bad: () => t.call('POST', `${API}/user/not-a-uuid/unlock`, { as: PROVIDER }),
    field: 'path.uuid',
  },
  logoutUserEverywhere: {
    good: () => t.call('POST', `${API}/user/${anyUser(true).uuid}/logoutAll`, { as: PROVIDER }),
    status: 200,
    bad: () => t.call('POST', `${API}/user/not-a-uuid/logoutAll`, { as: PROVIDER }),
    field: 'path.uuid',
  },
  logoutUserSession: {
    good: () => t.call('POST', `${API}/user/${anyUser(true).uuid}/sessions/no-such-session/logout`, { as: PROVIDER }),
    status: 200,
    bad: () => t.call('POST', `${API}/user/${anyUser(true).uuid}/sessions/${'x'.repeat(65)}/logout`, { as: PROVIDER }),
    field: 'path.sessionId',
  },
  getUserByUsername: {
    good: () => t.call('GET', `${API}/user/username/${anyUser(true).username}`, { as: PROVIDER }),
    status: 200,
    bad: () => t.call('GET', `${API}/user/username/${encodeURIComponent('bad name!')}`, { as: PROVIDER }),
    field: 'path.username',
  },
  getUserElementConfig: { good: () => t.call('GET', `${API}/user/config`, { as: PROVIDER }), status: 200 },
  updateUser: {
    good: async () => {
      const source = await userView(anyUser(true).uuid);
      const { uuid: _uuid, ...rest } = source;
      return t.call('POST', `${API}/user/update`, {
        as: PROVIDER,
        body: {
          user: {
            ...rest,
            username: `${source.username}_clone`,
            businessProfile: { uuid: source.businessProfile.uuid, name: source.businessProfile.name },
          },
          clonedId: source.uuid,
        },
      });
    },
    status: 200,
    bad: async () => {
      const source = await userView(anyUser(true).uuid);
      return t.call('POST', `${API}/user/update`, { as: PROVIDER, body: { user: { ...source, username: long(256) } } });
    },
    field: 'body.user.username',
  },
  pullUsers: { good: () => t.call('GET', `${API}/user/pullUsers`, { as: PROVIDER }), status: 200 },
  activateUser: {
    good: async () =>
      t.call('POST', `${API}/user/activate`, { as: PROVIDER, body: await userView(anyUser(false).uuid) }),
    status: 200,
    bad: async () =>
      t.call('POST', `${API}/user/activate`, {
        as: PROVIDER,
        body: { ...(await userView(anyUser(false).uuid)), uuid: 'nope' },
      }),
    field: 'body.uuid',
  },
  inactivateUser: {
    good: async () =>
      t.call('POST', `${API}/user/inactivate`, { as: PROVIDER, body: await userView(anyUser(true).uuid) }),
    status: 200,
    bad: async () =>
      t.call('POST', `${API}/user/inactivate`, {
        as: PROVIDER,
        body: { ...(await userView(anyUser(true).uuid)), active: 'yes' },
      }),
    field: 'body.active',
  },
  bulkUserAction: {
    good: () =>
      t.call('POST', `${API}/user/bulk`, {
        as: PROVIDER,
        body: { action: 'deactivate', uuids: [anyUser(true).uuid] },
      }),
    status: 200,
    bad: () =>
      t.call('POST', `${API}/user/bulk`, {
        as: PROVIDER,
        body: { action: 'delete', uuids: [anyUser(true).uuid] },
      }),
    field: 'body.action',
  },
  exportAllUsers: { good: () => t.call('GET', `${API}/user/export`, { as: PROVIDER }), status: 200 },
  exportActiveUsers: { good: () => t.call('GET', `${API}/user/export/active`, { as: PROVIDER }), status: 200 },
  exportInactiveUsers: { good: () => t.call('GET', `${API}/user/export/inactive`, { as: PROVIDER }), status: 200 },

  sendPasswordResetEmail: {
    good: async () =>
      t.call('POST', `${API}/password/reset`, { as: PROVIDER, body: await userView(anyUser(true).uuid) }),
    status: 200,
    bad: async () => {
      const { email: _e, ...noEmail } = await userView(anyUser(true).uuid);
      return t.call('POST', `${API}/password/reset`, { as: PROVIDER, body: noEmail });
    },
    field: 'body.email',
  },
  forgotPassword: {
    good: () => t.call('POST', `${API}/password/forgot`, { body: { username: CUSTOMER } }),
    status: 200,
    bad: () => t.call('POST', `${API}/password/forgot`, { body: { username: 'no spaces allowed' } }),
    field: 'body.username',
  },
  verifyPasswordResetToken: {
    good: async () => {
      await t.call('POST', `${API}/password/forgot`, { body: { username: CUSTOMER } });
      const link = store().outbox.at(-1)?.link as string;
      return t.call('GET', `${API}/password/token/verify/${link.split('/').pop()}`);
    },
    status: 200,
    bad: () => t.call('GET', `${API}/password/token/verify/bad$token`),
    field: 'path.token',
  },
  updatePassword: {
    good: async () => {
      await t.call('POST', `${API}/password/forgot`, { body: { username: anyUser(true).username } });
      const link = store().outbox.at(-1)?.link ?? '';
      const token = (link.split('/').pop() ?? '').replaceAll('~', '.');
      return t.call('POST', `${API}/password/update`, {
        body: { token, password: 'N3w-passw0rd', rePassword: 'N3w-passw0rd' },
      });
    },
    status: 204,
    bad: () =>
      t.call('POST', `${API}/password/update`, { body: { token: 'abc.def', password: 'short', rePassword: 'short' } }),
    field: 'body.password',
  },
  passwordSentTemplate: { good: () => t.call('GET', `${API}/password/template/sent`), status: 200 },
  passwordCompleteTemplate: { good: () => t.call('GET', `${API}/password/template/complete`), status: 200 },

  listLocations: { good: () => t.call('GET', `${API}/location/list`, { as: PROVIDER }), status: 200 },
  listClusters: { good: () => t.call('GET', `${API}/cluster/list`, { as: PROVIDER }), status: 200 },
  listCompanies: { good: () => t.call('GET', `${API}/errigalCustomerCompany/list`, { as: PROVIDER }), status: 200 },

  listApplicationProfiles: { good: () => t.call('GET', `${API}/profile/app/list`, { as: PROVIDER }), status: 200 },
  getApplicationProfile: {
    good: () => t.call('GET', `${API}/profile/app/get/${[...store().appProfiles.values()][0]!.uuid}`, { as: PROVIDER }),
    status: 200,
    bad: () => t.call('GET', `${API}/profile/app/get/123`, { as: PROVIDER }),
    field: 'path.uuid',
  },
  listApplicationProfileBusinessProfiles: {
    good: () =>
      t.call('GET', `${API}/profile/app/${[...store().appProfiles.values()][0]!.uuid}/businessProfiles`, {
        as: PROVIDER,
      }),
    status: 200,
    bad: () => t.call('GET', `${API}/profile/app/zzz/businessProfiles`, { as: PROVIDER }),
    field: 'path.uuid',
  },
  updateApplicationProfile: {
    good: async () => t.call('GET', `${API}/profile/app/get/${await newAppProfile()}`, { as: PROVIDER }),
    status: 200,
    bad: () =>
      t.call('POST', `${API}/profile/app/update`, {
        as: PROVIDER,
        body: {
          name: '',
          application: { uuid: appNamed('Inventory').uuid, name: 'Inventory' },
          minimumRole: { name: 'ADMIN' },
        },
      }),
    field: 'body.name',
  },
  previewApplicationProfileImpact: {
    good: () => {
      const ap = store().appProfiles.findByName('Alarm Manager - Operator')!;
      return t.call('POST', `${API}/profile/app/impact`, {
        as: PROVIDER,
        body: {
          uuid: ap.uuid,
          name: ap.name,
          application: { uuid: ap.applicationUuid, name: 'Alarm Manager' },
          minimumRole: { name: ap.minimumRole },
          roles: [],
          elements: ap.elements.map((uuid) => ({ uuid })),
        },
      });
    },
    status: 200,
    bad: () =>
      t.call('POST', `${API}/profile/app/impact`, {
        as: PROVIDER,
        body: { name: 'x', application: { uuid: 'nope', name: 'x' }, minimumRole: { name: 'ADMIN' } },
      }),
    field: 'body.application.uuid',
  },
  deleteApplicationProfile: {
    good: async () => t.call('DELETE', `${API}/profile/app/${await newAppProfile()}`, { as: PROVIDER }),
    status: 204,
    bad: () => t.call('DELETE', `${API}/profile/app/..%2F..%2Fuser`, { as: PROVIDER }),
    field: 'path.uuid',
  },

  listBusinessProfiles: { good: () => t.call('GET', `${API}/profile/business/list`, { as: PROVIDER }), status: 200 },
  getBusinessProfile: {
    good: () =>
      t.call('GET', `${API}/profile/business/get/${[...store().businessProfiles.values()][0]!.uuid}`, { as: PROVIDER }),
    status: 200,
    bad: () => t.call('GET', `${API}/profile/business/get/x`, { as: PROVIDER }),
    field: 'path.uuid',
  },
  listBusinessProfileUsers: {
    good: () => t.call('GET', `${API}/profile/business/${anyUser(true).businessProfileUuid}/users`, { as: PROVIDER }),
    status: 200,
    bad: () => t.call('GET', `${API}/profile/business/x/users`, { as: PROVIDER }),
    field: 'path.uuid',
  },
  updateBusinessProfile: {
    good: async () => {
      const ap = await newAppProfile();
      return t.call('POST', `${API}/profile/business/update`, {
        as: PROVIDER,
        body: {
          name: `Night Shift ${randomBytes(3).toString('hex')}`,
          description: 'Operators on the night shift',
          minimumRole: { name: 'ADMIN' },
          appProfiles: [
            { uuid: ap, name: 'Alarm Manager - Night Shift', application: { uuid: appNamed('Alarm Manager').uuid } },
          ],
        },
      });
    },
    status: 200,
    bad: () =>
      t.call('POST', `${API}/profile/business/update`, {
        as: PROVIDER,
        body: { name: 'Too long', description: long(1024), minimumRole: { name: 'ADMIN' }, appProfiles: [] },
      }),
    field: 'body.description',
  },
  previewBusinessProfileImpact: {
    good: () => {
      const bp = store().businessProfiles.get(anyUser(true).businessProfileUuid!)!;
      return t.call('POST', `${API}/profile/business/impact`, {
        as: PROVIDER,
        body: {
          uuid: bp.uuid,
          name: bp.name,
          minimumRole: { name: bp.minimumRole },
          ...(bp.companyUuid ? { errigalCustomerCompany: { uuid: bp.companyUuid } } : {}),
          appProfiles: bp.appProfiles.slice(1).map((uuid) => ({
            uuid,
            name: store().appProfiles.get(uuid)!.name,
            application: { uuid: store().appProfiles.get(uuid)!.applicationUuid },
          })),
        },
      });
    },
    status: 200,
    bad: () =>
      t.call('POST', `${API}/profile/business/impact`, {
        as: PROVIDER,
        body: { name: '', minimumRole: { name: 'ADMIN' }, appProfiles: [] },
      }),
    field: 'body.name',
  },
  deleteBusinessProfile: {
    good: async () => {
      const created = await cases.updateBusinessProfile!.good();
      return t.call('DELETE', `${API}/profile/business/${created.body.uuid}`, { as: PROVIDER });
    },
    status: 204,
    bad: () => t.call('DELETE', `${API}/profile/business/not-uuid`, { as: PROVIDER }),
    field: 'path.uuid',
  },

  listVisibilityProfiles: {
    good: () => t.call('GET', `${API}/profile/visibility/list`, { as: PROVIDER }),
    status: 200,
  },
  getVisibilityProfile: {
    good: () =>
      t.call('GET', `${API}/profile/visibility/get/${[...store().visibilityProfiles.values()][0]!.uuid}`, {
        as: PROVIDER,
      }),
    status: 200,
    bad: () => t.call('GET', `${API}/profile/visibility/get/x`, { as: PROVIDER }),
    field: 'path.uuid',
  },
  listVisibilityProfileUsers: {
    good: () =>
      t.call('GET', `${API}/profile/visibility/${anyUser(true).visibilityProfileUuid}/users`, { as: PROVIDER }),
    status: 200,
    bad: () => t.call('GET', `${API}/profile/visibility/x/users`, { as: PROVIDER }),
    field: 'path.uuid',
  },
  updateVisibilityProfile: {
    good: () => {
      const cluster = [...store().visibility.clusters.values()][1]!;
      return t.call('POST', `${API}/profile/visibility/update`, {
        as: PROVIDER,
        body: {
          name: `Market ${randomBytes(3).toString('hex')}`,
          minimumRole: { name: 'ADMIN' },
          primaryVisibility: { uuid: cluster.uuid, name: cluster.name },
          clusters: [{ uuid: cluster.uuid, name: cluster.name, children: [] }],
        },
      });
    },
    status: 200,
    bad: () =>
      t.call('POST', `${API}/profile/visibility/update`, {
        as: PROVIDER,
        body: { name: 'Groups', minimumRole: { name: 'ADMIN' }, networkGroups: [{ uuid: 'x', name: 'Core' }] },
      }),
    field: 'body.networkGroups.0.uuid',
  },
  deleteVisibilityProfile: {
    good: async () => {
      const created = await cases.updateVisibilityProfile!.good();
      return t.call('DELETE', `${API}/profile/visibility/${created.body.uuid}`, { as: PROVIDER });
    },
    status: 204,
    bad: () => t.call('DELETE', `${API}/profile/visibility/x`, { as: PROVIDER }),
    field: 'path.uuid',
  },
  getVisibilitySet: { good: () => t.call('GET', `${API}/visibility/set`, { as: PROVIDER }), status: 200 },

  listApplications: { good: () => t.call('GET', `${API}/app/list`, { as: PROVIDER }), status: 200 },
  getApplication: {
    good: () => t.call('GET', `${API}/app/${appNamed('Snmp Manager').uuid}`, { as: PROVIDER }),
    status: 200,
    bad: () => t.call('GET', `${API}/app/snmp`, { as: PROVIDER }),
    field: 'path.uuid',
  },
  deleteApplication: {
    good: async () => {
      const created = await t.call('POST', `${API}/app/update`, {
        as: PROVIDER,
        body: applicationBody(`Doomed ${randomBytes(3).toString('hex')}`),
      });
      return t.call('DELETE', `${API}/app/${created.body.uuid}`, { as: PROVIDER });
    },
    status: 204,
    bad: () => t.call('DELETE', `${API}/app/x`, { as: PROVIDER }),
    field: 'path.uuid',
  },
  updateApplication: {
    good: () =>
      t.call('POST', `${API}/app/update`, {
        as: PROVIDER,
        body: applicationBody(`Fault Manager ${randomBytes(3).toString('hex')}`),
      }),
    status: 200,
    bad: () =>
      t.call('POST', `${API}/app/update`, {
        as: PROVIDER,
        body: { ...applicationBody('Bad'), apiAuthType: 'KERBEROS' },
      }),
    field: 'body.apiAuthType',
  },
  syncApplication: {
    good: async () => {
      const app = await t.call('GET', `${API}/app/${appNamed('Inventory').uuid}`, { as: PROVIDER });
      return t.call('POST', `${API}/app/sync`, { as: PROVIDER, body: app.body });
    },
    status: 200,
    bad: () =>
      t.call('POST', `${API}/app/sync`, { as: PROVIDER, body: { name: 'Inventory', roles: [], elements: [] } }),
    field: 'body.uuid',
  },
  syncAllApplications: { good: () => t.call('POST', `${API}/app/syncAll`, { as: PROVIDER }), status: 200 },

  syncVisibilityKind: {
    good: () => t.call('GET', `${API}/visibility/sync/carrier`, { as: PROVIDER }),
    status: 200,
    bad: () => t.call('GET', `${API}/visibility/sync/planet`, { as: PROVIDER }),
    field: 'path.kind',
  },
  syncAllVisibility: { good: () => t.call('GET', `${API}/visibility/sync/all`, { as: PROVIDER }), status: 200 },

  listOAuth2Clients: { good: () => t.call('GET', `${API}/authClient/list`, { as: PROVIDER }), status: 200 },
  getOAuth2Client: {
    good: () => t.call('GET', `${API}/authClient/get/${CONSOLE_CLIENT_ID}`, { as: PROVIDER }),
    status: 200,
    bad: () => t.call('GET', `${API}/authClient/get/console`, { as: PROVIDER }),
    field: 'path.uuid',
  },
  updateOAuth2Client: {
    good: () =>
      t.call('POST', `${API}/authClient/update`, {
        as: PROVIDER,
        body: {
          name: `Capacity Planner ${randomBytes(3).toString('hex')}`,
          description: 'Capacity planning tool',
          allowedRedirectTarget: 'https://planner.example.com/callback',
          clientSecret: 'Abcdefghijklmnopqrstuvwxyz012345',
        },
      }),
    status: 200,
    bad: () =>
      t.call('POST', `${API}/authClient/update`, {
        as: PROVIDER,
        body: { name: 'Planner', description: 'Planner', clientSecret: long(65) },
      }),
    field: 'body.clientSecret',
  },

  getRecordHistory: {
    good: async () => {
      const client = await t.call('GET', `${API}/authClient/get/${CONSOLE_CLIENT_ID}`, { as: PROVIDER });
      await t.call('POST', `${API}/authClient/update`, {
        as: PROVIDER,
        body: { ...client.body, description: `Console ${randomBytes(3).toString('hex')}` },
      });
      return t.call('GET', `${API}/history/authClient/${CONSOLE_CLIENT_ID}?limit=10`, { as: PROVIDER });
    },
    status: 200,
    bad: () => t.call('GET', `${API}/history/planet/${CONSOLE_CLIENT_ID}`, { as: PROVIDER }),
    field: 'path.kind',
  },

  verifySecondFactor: {
    good: async () => {
      const step = await atFactorStep();
      const started = await t.call('POST', `${API}/auth/factor/enrol`, {
        body: { ticket: step.ticket, method: 'totp' },
        headers: step.headers,
      });
      const done = await t.call('POST', `${API}/auth/factor/verify`, {
        body: { ticket: step.ticket, method: 'totp', code: totpCode(started.body.secret, t.clock.now) },
        headers: step.headers,
      });
      withoutFactors();
      return done;
    },
    status: 200,
    bad: () => t.call('POST', `${API}/auth/factor/verify`, { body: { ticket: 'x', method: 'sms' } }),
    field: 'body.method',
  },
  enrolSecondFactor: {
    good: async () => {
      const step = await atFactorStep();
      const res = await t.call('POST', `${API}/auth/factor/enrol`, {
        body: { ticket: step.ticket, method: 'totp' },
        headers: step.headers,
      });
      withoutFactors();
      return res;
    },
    status: 200,
    bad: () => t.call('POST', `${API}/auth/factor/enrol`, { body: { ticket: 'x', method: 'sms' } }),
    field: 'body.method',
  },
  startPasskeySignIn: {
    good: async () => {
      // A passkey as the store keeps one: the options name it; no authenticator is asked here.
      const passkey = {
        id: 'passkey-contract',
        kind: 'passkey' as const,
        name: 'Laptop',
        addedAt: t.clock.now,
        lastUsedAt: null,
        credentialId: 'Y3JlZGVudGlhbC1pZA',
        publicKey: 'cHVibGljLWtleQ',
        counter: 0,
        transports: ['internal'],
      };
      const step = await atFactorStep({ factors: [passkey], factorEnrolmentRequested: false });
      const res = await t.call('POST', `${API}/auth/factor/passkey`, {
        body: { ticket: step.ticket },
        headers: step.headers,
      });
      withoutFactors();
      return res;
    },
    status: 200,
    bad: () => t.call('POST', `${API}/auth/factor/passkey`, { body: { ticket: long(101) } }),
    field: 'body.ticket',
  },
  getAccount: { good: () => t.call('GET', `${API}/account`, { as: SCO }), status: 200 },
  getAccountAccess: { good: () => t.call('GET', `${API}/account/access`, { as: SCO }), status: 200 },
  changeOwnPassword: {
    good: () =>
      t.call('POST', `${API}/account/password`, {
        as: SCO,
        body: { currentPassword: PASSWORD, password: 'Another-Passw0rd!', rePassword: 'Another-Passw0rd!' },
      }),
    status: 204,
    bad: () =>
      t.call('POST', `${API}/account/password`, {
        as: SCO,
        body: { currentPassword: '', password: 'x', rePassword: 'x' },
      }),
    field: 'body.currentPassword',
  },
  startTotpEnrolment: { good: () => t.call('POST', `${API}/account/factors/totp`, { as: SCO }), status: 200 },
  confirmTotpEnrolment: {
    good: async () => {
      const started = await t.call('POST', `${API}/account/factors/totp`, { as: SCO });
      return t.call('POST', `${API}/account/factors/totp/confirm`, {
        as: SCO,
        body: { enrolment: started.body.enrolment, code: totpCode(started.body.secret, t.clock.now), name: 'Phone' },
      });
    },
    status: 200,
    bad: () =>
      t.call('POST', `${API}/account/factors/totp/confirm`, { as: SCO, body: { enrolment: 'x', code: '1', name: '' } }),
    field: 'body.name',
  },
  startPasskeyEnrolment: {
    // The test server's origin is an IP address, where browsers run no WebAuthn: said in one plain 400.
    good: () => t.call('POST', `${API}/account/factors/passkey`, { as: SCO }),
    status: 400,
  },
  confirmPasskeyEnrolment: {
    good: () =>
      t.call('POST', `${API}/account/factors/passkey/confirm`, {
        as: SCO,
        body: { enrolment: 'never-started', credential: {}, name: 'Laptop' },
      }),
    status: 400,
    bad: () =>
      t.call('POST', `${API}/account/factors/passkey/confirm`, { as: SCO, body: { enrolment: 'x', name: 'Laptop' } }),
    field: 'body.credential',
  },
  renameOwnFactor: {
    good: async () => {
      const factor = store().findUserByUsername(SCO)!.factors![0]!;
      return t.call('POST', `${API}/account/factors/${factor.id}/rename`, { as: SCO, body: { name: 'Work phone' } });
    },
    status: 200,
    bad: () => t.call('POST', `${API}/account/factors/x/rename`, { as: SCO, body: { name: 'Work phone' } }),
    field: 'path.id',
  },
  removeOwnFactor: {
    good: async () => {
      const started = await t.call('POST', `${API}/account/factors/totp`, { as: SCO });
      const added = await t.call('POST', `${API}/account/factors/totp/confirm`, {
        as: SCO,
        body: { enrolment: started.body.enrolment, code: totpCode(started.body.secret, t.clock.now), name: 'Spare' },
      });
      return t.call('POST', `${API}/account/factors/${added.body.factor.id}/remove`, {
        as: SCO,
        body: { password: 'Another-Passw0rd!' },
      });
    },
    status: 204,
    bad: () => t.call('POST', `${API}/account/factors/abcdefgh/remove`, { as: SCO, body: {} }),
    field: 'body.password',
  },
  renewRecoveryCodes: {
    good: () => t.call('POST', `${API}/account/recoveryCodes`, { as: SCO, body: { password: 'Another-Passw0rd!' } }),
    status: 200,
    bad: () => t.call('POST', `${API}/account/recoveryCodes`, { as: SCO, body: { password: '' } }),
    field: 'body.password',
  },
  listOwnSessions: { good: () => t.call('GET', `${API}/account/sessions`, { as: SCO }), status: 200 },
  endOwnSession: {
    good: () => t.call('POST', `${API}/account/sessions/no-such-session/logout`, { as: SCO }),
    status: 204,
    bad: () => t.call('POST', `${API}/account/sessions/${'x'.repeat(101)}/logout`, { as: SCO }),
    field: 'path.sessionId',
  },
  getUserFactors: {
    good: () => t.call('GET', `${API}/user/${anyUser(true).uuid}/factors`, { as: PROVIDER }),
    status: 200,
    bad: () => t.call('GET', `${API}/user/not-a-uuid/factors`, { as: PROVIDER }),
    field: 'path.uuid',
  },
  removeUserFactors: {
    good: () =>
      t.call('POST', `${API}/user/${anyUser(true).uuid}/factors/remove`, {
        as: PROVIDER,
        body: { password: PASSWORD },
      }),
    status: 204,
    bad: () => t.call('POST', `${API}/user/${anyUser(true).uuid}/factors/remove`, { as: PROVIDER, body: {} }),
    field: 'body.password',
  },
  requireUserEnrolment: {
    good: () =>
      t.call('POST', `${API}/user/${anyUser(true).uuid}/factors/require`, { as: PROVIDER, body: { required: false } }),
    status: 204,
    bad: () =>
      t.call('POST', `${API}/user/${anyUser(true).uuid}/factors/require`, { as: PROVIDER, body: { required: 'yes' } }),
    field: 'body.required',
  },
  getFactorPolicy: { good: () => t.call('GET', `${API}/factorPolicy`, { as: CUSTOMER }), status: 200 },
  updateFactorPolicy: {
    good: () =>
      t.call('POST', `${API}/factorPolicy/update`, {
        as: PROVIDER,
        body: { scope: 'administrators', required: false },
      }),
    status: 200,
    bad: () =>
      t.call('POST', `${API}/factorPolicy/update`, { as: PROVIDER, body: { scope: 'everyone', required: true } }),
    field: 'body.scope',
  },

  listActivity: {
    good: () =>
      t.call('GET', `${API}/activity?q=${encodeURIComponent('kind:user since:7d')}&limit=20`, { as: PROVIDER }),
    status: 200,
    bad: () => t.call('GET', `${API}/activity?limit=201`, { as: PROVIDER }),
    field: 'query.limit',
  },
  exportActivity: {
    good: () => t.call('GET', `${API}/activity/export?format=csv`, { as: PROVIDER }),
    status: 200,
    bad: () => t.call('GET', `${API}/activity/export?format=xlsx`, { as: PROVIDER }),
    field: 'query.format',
  },
  getActivityRetention: { good: () => t.call('GET', `${API}/activity/retention`, { as: SCO }), status: 200 },

  applicationInfo: { good: () => t.call('GET', `${API}/applicationInfo`, { as: PROVIDER }), status: 200 },
  startupConfig: { good: () => t.call('GET', '/userprofile/config.json'), status: 200 },
};

describe('every operation of the document', () => {
  it('has a case here', () => {
    expect(operations.map((o) => o.operationId).filter((id) => !cases[id])).toEqual([]);
  });

  for (const op of operations) {
    const c = cases[op.operationId];
    if (!c) continue;
    it(`${op.operationId}: a good call answers ${c.status} as the document says`, async () => {
      const res = await c.good();
      expect(res.status, res.text).toBe(c.status);
    });
    if (c.bad) {
      it(`${op.operationId}: a bad input gets a 400 naming ${c.field}`, async () => {
        const res = await c.bad!();
        expect(res.status, res.text).toBe(400);
        const named = [...(res.body.errors ?? []).map((e: { field: string }) => e.field), res.body.message].join(' ');
        expect(named).toContain(c.field);
      });
    } else {
      it(`${op.operationId}: takes no input the document could refuse`, () => {
        expect(op.op.parameters ?? []).toEqual([]);
        expect(op.op.requestBody).toBeUndefined();
      });
    }
  }
});
