// No silent overwrite in every editor but the user's (which has its own tests,
// with and without ETag, in users/user-editor-safety.spec.ts):
// a save never silently overwrites a newer one. Another tab saves a change of
// one field; the editor opened before it changes another and saves: the
// record is read again and merged, their change taken without a question (the
// saved toast says so), and the save keeps both. A field both changed is asked
// about (editors-daily/merge.spec.ts).
import type { Page } from '@playwright/test';
import { conflictTexts } from '../../../packages/shared/src/messages.ts';
import {
  href,
  toApplicationEdit,
  toAppProfileEdit,
  toAuthClientEdit,
  toBusinessProfileEdit,
  toVisibilityProfileEdit,
} from '../../../packages/web/src/lib/paths.ts';
import { ACCOUNTS, expect, test } from '../fixtures.ts';
import { apiGet } from '../profiles/profiles-page.ts';

interface Kind {
  kind: string;
  list: string;
  get: (uuid: string) => string;
  edit: (uuid: string) => string;
  save: string;
  /** The field the other tab changes: its label, form key (data-field) and new value. */
  theirs: { label: string; field: string; value: string };
  /** The field the stale editor changes (default: the name; an application's name is fixed once saved). */
  mine?: { label: string; field: string; value: string };
}

const KINDS: Kind[] = [
  {
    kind: 'business profile',
    list: '/profile/business/list',
    get: (uuid) => `/profile/business/get/${uuid}`,
    edit: (uuid) => href(toBusinessProfileEdit(uuid)),
    save: 'Update Profile',
    theirs: { label: 'Description', field: 'description', value: 'Changed in another tab' },
  },
  {
    kind: 'application profile',
    list: '/profile/app/list',
    get: (uuid) => `/profile/app/get/${uuid}`,
    edit: (uuid) => href(toAppProfileEdit(uuid)),
    save: 'Update Profile',
    theirs: { label: 'Description', field: 'description', value: 'Changed in another tab' },
  },
  {
    kind: 'application',
    list: '/app/list',
    get: (uuid) => `/app/${uuid}`,
    edit: (uuid) => href(toApplicationEdit(uuid)),
    save: 'Update App',
    theirs: { label: 'API Host', field: 'apiHost', value: 'https://changed.example.com' },
    mine: { label: 'API Username', field: 'apiUsername', value: 'mine.api.user' },
  },
  {
    kind: 'OAuth2 client',
    list: '/authClient/list',
    get: (uuid) => `/authClient/get/${uuid}`,
    edit: (uuid) => href(toAuthClientEdit(uuid)),
    save: 'Update Client',
    theirs: { label: 'Description', field: 'description', value: 'Changed in another tab' },
  },
  {
    kind: 'visibility profile',
    list: '/profile/visibility/list',
    get: (uuid) => `/profile/visibility/get/${uuid}`,
    edit: (uuid) => href(toVisibilityProfileEdit(uuid)),
    save: 'Update Visibility',
    theirs: { label: 'Description', field: 'description', value: 'Changed in another tab' },
  },
];

/** A form field by its label (a required field's label ends with an asterisk). */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}\\s*\\*?$`));

for (const k of KINDS) {
  test(`a stale ${k.kind} editor does not overwrite a newer save: their change of another field is taken`, async ({
    page,
    signedInAs,
  }) => {
    await signedInAs(ACCOUNTS.provider);
    const [record] = await apiGet<{ uuid: string; name: string }[]>(page, k.list);
    if (!record) throw new Error(`no ${k.kind} is seeded`);
    const url = k.edit(record.uuid);
    // The editor opened first.
    await page.goto(url);
    await expect(field(page, 'Name')).toHaveValue(record.name);
    const before = await field(page, k.theirs.label).inputValue();
    expect(before).not.toBe(k.theirs.value);

    // Another tab of the same administrator saves a change of another field.
    const other = await page.context().newPage();
    await other.goto(url);
    await expect(field(other, 'Name')).toHaveValue(record.name);
    await field(other, k.theirs.label).fill(k.theirs.value);
    await other.getByRole('button', { name: k.save, exact: true }).click();
    await expect
      .poll(async () => (await apiGet<Record<string, unknown>>(page, k.get(record.uuid)))[k.theirs.field])
      .toBe(k.theirs.value);
    await other.close();

    // The first editor changes another field and saves: the record is read again, and the other change is taken.
    const mine = k.mine ?? { label: 'Name', field: 'name', value: `${record.name} renamed` };
    await field(page, mine.label).fill(mine.value);
    await page.getByRole('button', { name: k.save, exact: true }).click();
    await expect(page.getByText(conflictTexts.taken(k.theirs.label), { exact: true })).toBeVisible();
    await expect(page.getByRole('alertdialog', { name: conflictTexts.title })).toHaveCount(0);
    await expect
      .poll(async () => {
        const saved = await apiGet<Record<string, unknown>>(page, k.get(record.uuid));
        return [saved[mine.field], saved[k.theirs.field]];
      })
      .toEqual([mine.value, k.theirs.value]);
    await expect(field(page, k.theirs.label)).toHaveValue(k.theirs.value);
  });
}
