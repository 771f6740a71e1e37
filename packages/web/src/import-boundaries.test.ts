// The folder rules of design.md ("Anatomy of a feature", "Style") as a check
// over the import graph: a feature never imports another feature, and the
// shared rooms (lib/, components/) never import a feature or the shell. Only
// the shell (app/) composes features. `npm test` (and CI) fails on a breach.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = dirname(fileURLToPath(import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

// Static imports and re-exports (`from '...'`), side-effect imports, dynamic `import('...')`, workers (`new URL('...')`).
const SPECIFIER =
  /\bfrom\s*['"]([^'"]+)['"]|\bimport\s*['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)|new URL\(\s*['"]([^'"]+)['"]/g;

/** The relative import specifiers of a file, with their line numbers. */
function relativeImports(source: string): { specifier: string; line: number }[] {
  const found: { specifier: string; line: number }[] = [];
  for (const match of source.matchAll(SPECIFIER)) {
    const specifier = match[1] ?? match[2] ?? match[3] ?? match[4];
    if (specifier?.startsWith('.')) {
      found.push({ specifier, line: source.slice(0, match.index).split('\n').length });
    }
  }
  return found;
}

/** The top folders of src a path lies in: ['features', 'users'], ['lib'], ['app'] ... */
function placeOf(path: string): string[] {
  return relative(SRC, path).split(sep);
}

interface Breach {
  file: string;
  line: number;
  specifier: string;
  rule: string;
}

/** Every import that breaks a folder rule, as "file:line imports specifier (rule)". */
function boundaryBreaches(files: readonly string[], read: (file: string) => string): Breach[] {
  const breaches: Breach[] = [];
  for (const file of files) {
    const [room, area] = placeOf(file);
    for (const { specifier, line } of relativeImports(read(file))) {
      const [targetRoom, targetArea] = placeOf(resolve(dirname(file), specifier));
      let rule: string | null = null;
      if (room === 'features' && targetRoom === 'features' && targetArea !== area) {
        rule = `features/${area} imports features/${targetArea}: a feature never imports another feature (move the shared piece to lib/ or components/ui/)`;
      } else if ((room === 'lib' || room === 'components') && (targetRoom === 'features' || targetRoom === 'app')) {
        rule = `${room}/ imports ${targetRoom}/: the shared rooms never import a feature or the shell`;
      }
      if (rule) breaches.push({ file: relative(SRC, file), line, specifier, rule });
    }
  }
  return breaches;
}

describe('import boundaries', () => {
  it('finds static, dynamic and re-exported relative imports', () => {
    const source = [
      "import { a } from '../x.ts';",
      "export { b } from './y.ts';",
      "const c = () => import('../../features/z.tsx');",
      "import '@chakra-ui/react';",
    ].join('\n');
    expect(relativeImports(source).map((i) => i.specifier)).toEqual(['../x.ts', './y.ts', '../../features/z.tsx']);
  });

  it('names a feature importing another feature, and a shared room importing a feature', () => {
    const files = [join(SRC, 'features/users/a.ts'), join(SRC, 'lib/b.ts'), join(SRC, 'app/c.ts')];
    const sources: Record<string, string> = {
      [files[0] as string]: "import { x } from '../profiles/routes.ts';\nimport { y } from './own.ts';",
      [files[1] as string]: "import { z } from '../features/users/api.ts';",
      [files[2] as string]: "import { userRoutes } from '../features/users/routes.ts';",
    };
    const breaches = boundaryBreaches(files, (f) => sources[f] as string);
    expect(breaches.map((b) => `${b.file}:${b.line} ${b.specifier}`)).toEqual([
      `${join('features', 'users', 'a.ts')}:1 ../profiles/routes.ts`,
      `${join('lib', 'b.ts')}:1 ../features/users/api.ts`,
    ]);
  });

  it('holds for the console source', () => {
    const files = sourceFiles(SRC).filter((f) => !f.endsWith('.test.ts'));
    const breaches = boundaryBreaches(files, (f) => readFileSync(f, 'utf8'));
    expect(breaches.map((b) => `${b.file}:${b.line} imports '${b.specifier}': ${b.rule}`)).toEqual([]);
  });
});
