import { STATIC_EXPORT_REWRITE } from '../src/constructs/dashboard-hosting';

interface ViewerRequest {
  uri: string;
}

/** Runs the CloudFront Function's source (plain JavaScript) the way CloudFront calls it. */
function rewrite(uri: string): string {
  const handler = new Function(`${STATIC_EXPORT_REWRITE}; return handler;`)() as (event: {
    request: ViewerRequest;
  }) => ViewerRequest;
  return handler({ request: { uri } }).uri;
}

describe('STATIC_EXPORT_REWRITE (CloudFront viewer-request function)', () => {
  it('serves index.html for the root and for folder URLs', () => {
    expect(rewrite('/')).toBe('/index.html');
    expect(rewrite('/podcasts/')).toBe('/podcasts/index.html');
  });

  it('maps clean page URLs to the exported .html files', () => {
    expect(rewrite('/podcasts')).toBe('/podcasts.html');
    expect(rewrite('/_not-found')).toBe('/_not-found.html');
  });

  it('leaves files with an extension alone (assets, RSC payloads, config.json)', () => {
    expect(rewrite('/_next/static/chunks/app.js')).toBe('/_next/static/chunks/app.js');
    expect(rewrite('/config.json')).toBe('/config.json');
    expect(rewrite('/__next._tree.txt')).toBe('/__next._tree.txt');
  });

  it('treats a dot in a folder name as part of the path, not an extension', () => {
    expect(rewrite('/v1.2/notes')).toBe('/v1.2/notes.html');
  });
});
