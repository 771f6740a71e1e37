import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PASSWORD_HASH_N, passwordHashPolicy, setPasswordHashNForTests } from './password.ts';

describe('the test hash cost (test/password-cost.ts)', () => {
  it('is refused outside the server tests: nothing else can lower the cost', () => {
    const password = fileURLToPath(new URL('./password.ts', import.meta.url));
    const env = { ...process.env };
    delete env.VITEST;
    // tsx as a loader, as the tests start the server (test/storage/server-process.ts).
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '--eval',
        `import { setPasswordHashNForTests, passwordHashPolicy } from ${JSON.stringify(password)};
         try { setPasswordHashNForTests(1024); } catch (e) { console.log(e.message); }
         console.log(passwordHashPolicy());`,
      ],
      { env, encoding: 'utf8', cwd: fileURLToPath(new URL('.', import.meta.url)) },
    );
    expect(run.stdout.trim().split('\n')).toEqual([
      'setPasswordHashNForTests is for the server tests alone',
      `scrypt$${PASSWORD_HASH_N}$8$1`,
    ]);
  });

  it('takes only a power of two between 2^10 and the server’s own 2^17', () => {
    const before = passwordHashPolicy();
    for (const n of [512, 3000, 2 ** 18, Number.NaN]) expect(() => setPasswordHashNForTests(n)).toThrow(RangeError);
    expect(passwordHashPolicy()).toBe(before);
    expect(PASSWORD_HASH_N).toBe(2 ** 17);
  });
});
