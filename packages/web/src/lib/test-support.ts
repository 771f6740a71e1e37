// Test helper: an in-memory localStorage (or sessionStorage) for the Node test environment.
export function installMemoryStorage(name: 'localStorage' | 'sessionStorage' = 'localStorage'): Map<string, string> {
  const data = new Map<string, string>();
  const storage = {
    get length() {
      return data.size;
    },
    key: (i: number) => [...data.keys()][i] ?? null,
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, String(v)),
    removeItem: (k: string) => void data.delete(k),
    clear: () => data.clear(),
  } satisfies Storage;
  Object.defineProperty(globalThis, name, { value: storage, configurable: true, writable: true });
  return data;
}

/** A JWT-shaped string with the given payload (unsigned: the console never verifies). */
export function fakeJwt(payload: Record<string, unknown>): string {
  const enc = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  return `${enc({ alg: 'RS256', typ: 'JWT' })}.${enc(payload)}.c2ln`;
}
