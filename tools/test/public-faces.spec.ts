/**
 * Each lib's `src/index.ts` exports only what another project imports (issue 33): a name no other
 * project imports belongs to the lib's inside, where its own tests reach it by relative path. The
 * one exception is the lib's error classes (its `errors.ts`): callers tell failures apart by class,
 * so every error a lib throws is on its face (docs/decisions/public-faces.md).
 * Reads every TypeScript file the repository tracks with the compiler's parser (no type checking).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const repoRoot = path.resolve(__dirname, '../..');

/** Named exports and imports of one file, by the module specifier they go through. */
function namesByModule(file: string, source: string): Map<string, Set<string>> {
  const parsed = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false);
  const names = new Map<string, Set<string>>();
  const add = (specifier: ts.Expression | undefined, name: string) => {
    if (!specifier || !ts.isStringLiteral(specifier)) return;
    const set = names.get(specifier.text) ?? new Set<string>();
    set.add(name);
    names.set(specifier.text, set);
  };
  for (const statement of parsed.statements) {
    if (ts.isImportDeclaration(statement)) {
      const bindings = statement.importClause?.namedBindings;
      if (bindings && ts.isNamedImports(bindings)) {
        for (const element of bindings.elements) {
          add(statement.moduleSpecifier, (element.propertyName ?? element.name).text);
        }
      }
    } else if (ts.isExportDeclaration(statement)) {
      const clause = statement.exportClause;
      if (clause && ts.isNamedExports(clause)) {
        for (const element of clause.elements) {
          add(statement.moduleSpecifier, element.name.text);
        }
      }
    }
  }
  return names;
}

const trackedSources = execFileSync('git', ['ls-files', '*.ts', '*.tsx', '*.mts'], {
  cwd: repoRoot,
  encoding: 'utf8',
})
  .split('\n')
  .filter(Boolean);

const libs = trackedSources
  .filter((file) => /^libs\/[^/]+\/src\/index\.ts$/.test(file))
  .map((index) => {
    const folder = index.split('/').slice(0, 2).join('/');
    const { name } = JSON.parse(readFileSync(path.join(repoRoot, folder, 'package.json'), 'utf8'));
    const errorsFile = path.join(repoRoot, folder, 'src/errors.ts');
    const errorClasses = existsSync(errorsFile) // a lib that throws nothing has none
      ? [...readFileSync(errorsFile, 'utf8').matchAll(/^export class (\w+)/gm)].map(
          (m) => m[1] as string,
        )
      : [];
    return { folder, packageName: name as string, index, errorClasses };
  });

describe('public faces', () => {
  it.each(libs.map((lib) => [lib.packageName, lib] as const))(
    '%s exports only names another project imports, and its errors',
    (_name, lib) => {
      const exported = [
        ...namesByModule(lib.index, readFileSync(path.join(repoRoot, lib.index), 'utf8')).values(),
      ].flatMap((set) => [...set]);
      const importedElsewhere = new Set<string>();
      for (const file of trackedSources) {
        if (file.startsWith(`${lib.folder}/`)) continue;
        const names = namesByModule(file, readFileSync(path.join(repoRoot, file), 'utf8'));
        for (const name of names.get(lib.packageName) ?? []) importedElsewhere.add(name);
      }

      expect(
        exported.filter((name) => !importedElsewhere.has(name) && !lib.errorClasses.includes(name)),
      ).toEqual([]);
      expect(lib.errorClasses.filter((name) => !exported.includes(name))).toEqual([]);
    },
  );

  it('reads a re-exported name as exported and an aliased import by its exported name', () => {
    const names = namesByModule(
      'example.ts',
      "import { a as b, type C } from '@lumcast/x';\nexport { d } from './d';\n",
    );

    expect(names).toEqual(
      new Map([
        ['@lumcast/x', new Set(['a', 'C'])],
        ['./d', new Set(['d'])],
      ]),
    );
  });
});
