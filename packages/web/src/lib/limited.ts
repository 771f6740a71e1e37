// Many calls, a few at a time (a backend without the bulk or the
// preview extension is asked one record at a time). At most `limit` calls are
// in flight; `stopped()` is read before each next call starts, so a Cancel
// lets the calls already sent finish and starts no more.

/** Runs `work` on each item, `limit` at a time, in order of start; answers how many were started. */
export async function forEachLimited<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
  stopped: () => boolean = () => false,
): Promise<number> {
  let next = 0;
  const lane = async () => {
    while (next < items.length && !stopped()) {
      const index = next++;
      await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return next;
}

/** The answers of `work` for each item, in the items' order, `limit` at a time. */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T) => Promise<R>,
): Promise<R[]> {
  const answers = new Array<R>(items.length);
  await forEachLimited(items, limit, async (item, index) => {
    answers[index] = await work(item);
  });
  return answers;
}
