// In-memory list caches (spec §4 "Lists are cached in memory") register a
// reset here, so sign-out clears all of them without the shell knowing each
// feature's store.
const resets = new Set<() => void>();

export function registerCache(reset: () => void): () => void {
  resets.add(reset);
  return () => resets.delete(reset);
}

export function clearAllCaches(): void {
  for (const reset of resets) reset();
}
