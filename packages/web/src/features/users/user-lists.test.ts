import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from './list-view.ts';

const fetchUserList = vi.fn<(status: string) => Promise<User[]>>();
vi.mock('./api.ts', () => ({ fetchUserList: (status: string) => fetchUserList(status) }));

const { openUserList, prefetchUserList, useUserLists, invalidateUserLists } = await import('./user-lists.ts');

const user = (username: string) => ({ uuid: username, username, active: true }) as unknown as User;
const failure = new Error('HTTP 500: Injected fault');
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the users list asked for ahead of its screen (the router prefetch)', () => {
  beforeEach(() => {
    fetchUserList.mockReset();
    invalidateUserLists();
  });

  it('is the screen’s load while it runs: one request', async () => {
    fetchUserList.mockResolvedValue([user('a')]);
    prefetchUserList('active');
    const rows = await openUserList('active');
    expect(rows.map((u) => u.username)).toEqual(['a']);
    expect(fetchUserList).toHaveBeenCalledTimes(1);
  });

  it('a failure it met is shown by the screen, not asked again unseen; the next opening asks again', async () => {
    fetchUserList.mockRejectedValueOnce(failure).mockResolvedValue([user('a')]);
    prefetchUserList('active');
    await settle();
    expect(useUserLists.getState().errors.active).toBe(failure);
    await expect(openUserList('active')).rejects.toBe(failure);
    expect(fetchUserList).toHaveBeenCalledTimes(1);
    // Another visit to the screen (or Retry) asks the server again.
    await expect(openUserList('active')).resolves.toHaveLength(1);
    expect(fetchUserList).toHaveBeenCalledTimes(2);
  });

  it('without a prefetch, a screen opening after an earlier failure asks again', async () => {
    fetchUserList.mockRejectedValueOnce(failure).mockResolvedValue([user('b')]);
    await expect(openUserList('inactive')).rejects.toBe(failure);
    await expect(openUserList('inactive')).resolves.toHaveLength(1);
    expect(fetchUserList).toHaveBeenCalledTimes(2);
  });
});
