// The users in username order (the console's comparator: case-insensitive,
// numeric-aware), all of them and split by status, kept as users change so a
// write of one user costs what it changed: a record replaced by another of the
// same username takes its old one's place, in its status's list too (or moves
// to the other one: an activate or inactivate). Only a new user, a renamed one
// or a write of many has the order made again, on the next read.
//
// The order of records the comparator holds equal (tie7, tie007) is the
// users map's, as a stable sort of the map's values gives it.
import { compareValues } from '@userprofile/shared/list';
import type { UserRecord } from './types.ts';

/** The first index whose username does not sort before `username`. */
function lowerBound(list: readonly UserRecord[], username: string): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (compareValues((list[mid] as UserRecord).username, username) < 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where `record` sits in `list`, or -1. */
function indexOf(list: readonly UserRecord[], record: UserRecord): number {
  for (let i = lowerBound(list, record.username); i < list.length; i++) {
    const at = list[i] as UserRecord;
    if (at === record) return i;
    if (compareValues(at.username, record.username) !== 0) break;
  }
  return -1;
}

export class UserOrder {
  private all: UserRecord[] | null = null;
  private active: UserRecord[] = [];
  private inactive: UserRecord[] = [];

  constructor(private readonly users: () => Iterable<UserRecord>) {}

  /** Users were added, renamed or written many at once: the order is made again when next read. */
  invalidate(): void {
    this.all = null;
  }

  /** `old` replaced by `user`, of the same username: each takes the other's place. */
  replace(old: UserRecord, user: UserRecord): void {
    const all = this.all;
    if (all === null) return;
    const at = indexOf(all, old);
    if (at < 0 || old.username !== user.username) {
      this.all = null;
      return;
    }
    all[at] = user;
    const from = old.active ? this.active : this.inactive;
    const into = user.active ? this.active : this.inactive;
    const was = indexOf(from, old);
    if (was < 0) {
      this.split(all);
      return;
    }
    if (from === into) {
      from[was] = user;
      return;
    }
    from.splice(was, 1);
    const place = lowerBound(into, user.username);
    const next = into[place];
    // Among usernames the comparator holds equal, the place is the map's order: made again from the whole order.
    if (next !== undefined && compareValues(next.username, user.username) === 0) this.split(all);
    else into.splice(place, 0, user);
  }

  /** Every user, in username order. */
  sorted(): readonly UserRecord[] {
    if (this.all === null) {
      const all = [...this.users()].sort((a, b) => compareValues(a.username, b.username));
      this.all = all;
      this.split(all);
    }
    return this.all as UserRecord[];
  }

  /** The active (or inactive) users, in username order. */
  withStatus(active: boolean): readonly UserRecord[] {
    this.sorted();
    return active ? this.active : this.inactive;
  }

  private split(all: readonly UserRecord[]): void {
    this.active = all.filter((u) => u.active);
    this.inactive = all.filter((u) => !u.active);
  }
}
