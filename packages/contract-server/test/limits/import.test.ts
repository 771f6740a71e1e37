// A large import does not hold the server (parsed at once, a 50,000-row import
// blocked every other request for 1.4 s): it is parsed and checked in pieces
// with turns of the event loop between them, and other writes made meanwhile
// are neither lost nor duplicated. How long a piece takes is measured by
// `npm run bench -- import`, not here.
import { describe, expect, it } from 'vitest';
import type { Caller } from '../../src/store/access.ts';
import { importUsers } from '../../src/store/user-csv.ts';
import { API, appUnderTest } from '../harness.ts';
import { PROVIDER } from '../helpers.ts';

const t = appUnderTest();

const ROWS = 5000;
function bulkCsv(rows: number): string {
  const lines = ['username,email,firstName,lastName,active,businessProfile,visibilityProfile,minimumRole'];
  for (let i = 0; i < rows; i++) {
    lines.push(
      `bulk.user${i},bulk.user${i}@example.com,Bulk,User ${i},true,Planning Analysts,National Visibility,ADMIN`,
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
const provider = (): Caller => {
  const user = t.store.findUserByUsername(PROVIDER)!;
  return { userUuid: user.uuid, role: 'ERRIGAL_ADMIN', companyUuid: null, layoutCodes: user.layoutCodes };
};

describe('a large import', () => {
  it('lets other requests through while it runs', async () => {
    const answered: string[] = [];
    const running = importUsers(t.store, provider(), bulkCsv(ROWS)).then((r) => {
      answered.push('import');
      return r;
    });
    const other = t.app.inject({ method: 'GET', url: `${API}/auth/frontendconfig` }).then((r) => {
      answered.push('other');
      return r;
    });
    expect((await other).statusCode).toBe(200);
    expect(await running).toEqual({ created: ROWS, updated: 0 });
    expect(answered).toEqual(['other', 'import']);
  });

  it('a user saved while the file is checked is neither lost nor made twice', async () => {
    const running = importUsers(t.store, provider(), bulkCsv(ROWS));
    const before = t.store.users.size;
    const saved = await t.call('POST', `${API}/user/update`, {
      as: PROVIDER,
      body: {
        user: {
          username: `bulk.user${ROWS - 1}`,
          email: 'first@example.com',
          firstName: 'First',
          lastName: 'Come',
          active: true,
          businessProfile: {
            uuid: t.store.businessProfiles.findByName('Planning Analysts')!.uuid,
            name: 'Planning Analysts',
          },
          visibilityProfile: {
            uuid: t.store.visibilityProfiles.findByName('National Visibility')!.uuid,
            name: 'National Visibility',
          },
          minimumRole: { name: 'ADMIN' },
          errigalCustomerCompany: null,
          elements: [],
        },
      },
    });
    expect(saved.status, saved.text).toBe(200);
    // The file's row for that username now updates the user saved meanwhile.
    expect(await running).toEqual({ created: ROWS - 1, updated: 1 });
    expect(t.store.users.size).toBe(before + ROWS);
    const user = t.store.findUserByUsername(`bulk.user${ROWS - 1}`)!;
    expect(user.uuid).toBe(saved.body.uuid);
    expect(user.email).toBe(`bulk.user${ROWS - 1}@example.com`);
  });
});
