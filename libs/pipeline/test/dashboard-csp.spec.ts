import { createHash } from 'node:crypto';
import {
  dashboardContentSecurityPolicy,
  DASHBOARD_SECURITY_HEADERS,
} from '../src/web/dashboard-csp';
import { inlineScriptHashes } from '../src/web/inline-script-hashes';

const hashOf = (text: string) =>
  `sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}`;

describe('inlineScriptHashes', () => {
  it.each([
    ['no script', '<h1>Lumcast</h1>', []],
    ['an external script only', '<script src="/a.js" async=""></script>', []],
    ['an external script whose attribute is upper-case', '<SCRIPT SRC="/a.js"></SCRIPT>', []],
    ['one inline script', '<script>self.x=1</script>', [hashOf('self.x=1')]],
    [
      'an inline script with an id, as Next writes the Turbopack chunk list',
      '<script id="_R_">(globalThis.T||[]).push(1)</script>',
      [hashOf('(globalThis.T||[]).push(1)')],
    ],
    [
      'two scripts in page order',
      '<script>b()</script><script>a()</script>',
      [hashOf('b()'), hashOf('a()')],
    ],
    [
      'the same script twice, once',
      '<script>a()</script><p></p><script>a()</script>',
      [hashOf('a()')],
    ],
    [
      'non-ASCII text, hashed as UTF-8',
      '<script>t("Lumcast — é")</script>',
      [hashOf('t("Lumcast — é")')],
    ],
    ['a script that spans lines', '<script>\na();\nb();\n</script>', [hashOf('\na();\nb();\n')]],
    [
      'a data-src attribute, which is not src',
      '<script data-src="x">c()</script>',
      [hashOf('c()')],
    ],
  ])('hashes %s', (_, html, hashes) => {
    expect(inlineScriptHashes(html)).toEqual(hashes);
  });
});

describe('dashboardContentSecurityPolicy', () => {
  it('allows only its own origin, the given hashes and no framing when nothing else is given', () => {
    expect(dashboardContentSecurityPolicy({ scriptHashes: ['sha256-abc='] })).toBe(
      "default-src 'self'; script-src 'self' 'sha256-abc='; style-src 'self'; img-src 'self'; " +
        "font-src 'self'; connect-src 'self'; media-src 'self'; object-src 'none'; " +
        "base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
    );
  });

  it('adds the given origins to connect-src and media-src only', () => {
    const policy = dashboardContentSecurityPolicy({
      scriptHashes: [],
      connectSources: ['https://auth.example'],
      mediaSources: ['https://audio.example', 'blob:'],
    });
    expect(policy).toContain("connect-src 'self' https://auth.example;");
    expect(policy).toContain("media-src 'self' https://audio.example blob:;");
    expect(policy).toContain("script-src 'self';");
    expect(policy).not.toMatch(/unsafe-/);
  });
});

describe('DASHBOARD_SECURITY_HEADERS', () => {
  it('forbids sniffing and framing and sends no referrer', () => {
    expect(DASHBOARD_SECURITY_HEADERS).toEqual({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
      'referrer-policy': 'no-referrer',
    });
  });
});
