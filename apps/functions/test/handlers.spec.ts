/**
 * The Lambda entries, read as source text: each is a thin `handler` export,
 * and none can reach the local stack's dev identity.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const HANDLERS_DIR = path.join(__dirname, '../src/handlers');
const SOURCE_DIR = path.join(__dirname, '../src');
const EXPECTED = [
  'api',
  'assemble',
  'callback',
  'dead-letters',
  'sqs-consumer',
  'synthesize',
  'write-script',
];

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourcesUnder(path.join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [path.join(dir, entry.name)]
        : [],
  );
}

const handlerFiles = readdirSync(HANDLERS_DIR).filter((file) => file.endsWith('.ts'));
const importsOf = (source: string) =>
  [...source.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((match) => match[1] ?? '');

describe('the Lambda handler entries', () => {
  it('are exactly the seven functions of the pipeline contract', () => {
    expect(handlerFiles.map((file) => file.replace(/\.ts$/, '')).sort()).toEqual(EXPECTED);
  });

  it.each(handlerFiles.map((file) => [file]))('%s exports a const named handler', (file) => {
    const source = readFileSync(path.join(HANDLERS_DIR, file), 'utf8');
    expect(source).toMatch(/^export const handler\s*=/m);
  });

  it.each(handlerFiles.map((file) => [file]))(
    '%s imports only @lumcast/pipeline and AWS SDK clients, nothing from the local stack',
    (file) => {
      const imports = importsOf(readFileSync(path.join(HANDLERS_DIR, file), 'utf8'));
      expect(imports.length).toBeGreaterThan(0);
      for (const specifier of imports) {
        expect(specifier).not.toMatch(/local-stack|tools\//);
        expect(specifier).toMatch(/^(@lumcast\/pipeline|@aws-sdk\/client-[a-z0-9-]+)$/);
      }
    },
  );

  it('the api entry resolves identity with cognitoIdentity', () => {
    const source = readFileSync(path.join(HANDLERS_DIR, 'api.ts'), 'utf8');
    expect(source).toMatch(/buildApiHandler\([\s\S]*cognitoIdentity,?\s*\);/);
  });

  it('no source of the functions app mentions x-lumcast-user or the local identity', () => {
    const sources = sourcesUnder(SOURCE_DIR);
    expect(sources.length).toBeGreaterThanOrEqual(handlerFiles.length);
    for (const file of sources) {
      const source = readFileSync(file, 'utf8').toLowerCase();
      expect({ file, mentions: source.includes('x-lumcast-user') }).toEqual({
        file,
        mentions: false,
      });
      expect({ file, mentions: source.includes('localheaderidentity') }).toEqual({
        file,
        mentions: false,
      });
    }
  });
});
