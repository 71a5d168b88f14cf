/**
 * The dashboard's security headers on the local stack's static files, as CloudFront sends them
 * in AWS: a Content-Security-Policy of this origin only that runs exactly the page's own inline
 * scripts (by hash) and lets no one frame it, `nosniff`, and no referrer.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LocalStack } from './support';
import { startTestStack, temporaryDataDir } from './support';

// A start takes a few seconds (DynamoDB Local's JVM; on the engine, the synthesized app as well).
jest.setTimeout(60_000);

const INLINE = ['(self.__next_f=self.__next_f||[]).push([0])', 'self.__next_f.push([1,"x"])'];
const PAGE = `<!DOCTYPE html><html><head><script src="/_next/static/chunks/a.js" async=""></script></head><body><h1>Lumcast</h1>${INLINE.map((script) => `<script>${script}</script>`).join('')}</body></html>`;

function hashOf(script: string): string {
  return `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
}

/** The directives of a policy, by name. */
function directives(policy: string | null): Record<string, string[]> {
  return Object.fromEntries(
    (policy ?? '').split(';').map((part) => {
      const [name = '', ...values] = part.trim().split(/\s+/);
      return [name, values];
    }),
  );
}

describe('the dashboard’s security headers on the local stack', () => {
  const data = temporaryDataDir();
  const dashboardDir = path.join(data.dir, 'out');
  let stack: LocalStack;

  beforeAll(async () => {
    mkdirSync(path.join(dashboardDir, '_next'), { recursive: true });
    writeFileSync(path.join(dashboardDir, 'index.html'), PAGE);
    writeFileSync(
      path.join(dashboardDir, '404.html'),
      '<h1>No such page</h1><script>go()</script>',
    );
    writeFileSync(path.join(dashboardDir, '_next', 'app.js'), 'console.log(1);');
    stack = await startTestStack({ dataDir: data.dir, dashboardDir });
  });
  afterAll(async () => {
    await stack.stop();
    data.remove();
  });

  it.each([
    ['the page', '/', 200],
    ['a script', '/_next/app.js', 200],
    ['the runtime configuration', '/config.json', 200],
    ['a page that does not exist', '/nowhere', 404],
  ])('sends nosniff, no framing and no referrer with %s', async (_, pathname, status) => {
    const response = await fetch(`${stack.url}${pathname}`);
    expect(response.status).toBe(status);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('sends a policy of this origin only, framed by no one, running exactly the page’s inline scripts', async () => {
    const response = await fetch(`${stack.url}/`);
    const policy = directives(response.headers.get('content-security-policy'));
    expect(policy['default-src']).toEqual(["'self'"]);
    expect(policy['script-src']).toEqual(["'self'", ...INLINE.map(hashOf)]);
    expect(policy['style-src']).toEqual(["'self'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(policy['media-src']).toEqual(["'self'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['base-uri']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(response.headers.get('content-security-policy')).not.toMatch(/unsafe-(inline|eval)/);
  });

  it('gives the not-found page a policy with its own inline script', async () => {
    const response = await fetch(`${stack.url}/nowhere`);
    expect(directives(response.headers.get('content-security-policy'))['script-src']).toEqual([
      "'self'",
      hashOf('go()'),
    ]);
  });

  it('leaves the API’s answers as the API makes them', async () => {
    const response = await fetch(`${stack.url}/api/quota`);
    expect(response.status).toBe(401);
    expect(response.headers.get('content-security-policy')).toBeNull();
  });
});
