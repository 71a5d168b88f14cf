import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundleFileName, HANDLER_NAMES } from '../../src/build-outputs';

/** The inline script of the stand-in export's page (the real export inlines a few, as Next does). */
export const STAND_IN_INLINE_SCRIPT = 'self.__standIn=[0]';

const STAND_IN_PAGE = `<!doctype html><title>stand-in</title><script src="/app.js" async></script><script>${STAND_IN_INLINE_SCRIPT}</script>\n`;

/** Temporary stand-ins for the build outputs the stack packages. */
export interface StandInBuilds {
  readonly root: string;
  readonly functionsBundleDir: string;
  readonly dashboardExportDir: string;
  readonly remove: () => void;
}

/**
 * Creates small stand-in files in a temp folder so the stack can be synthesized
 * without running the functions or dashboard builds. They are NOT the real
 * bundles: each handler file only exports a `handler` that throws, and the
 * "export" is one index.html with one inline script (its hash goes into the dashboard's
 * Content-Security-Policy). The tests check infrastructure, not handler code.
 */
export function createStandInBuilds(): StandInBuilds {
  const root = mkdtempSync(path.join(tmpdir(), 'lumcast-infra-'));
  const functionsBundleDir = path.join(root, 'functions');
  const dashboardExportDir = path.join(root, 'dashboard-out');
  mkdirSync(functionsBundleDir);
  mkdirSync(dashboardExportDir);
  for (const handler of HANDLER_NAMES) {
    const file = bundleFileName(handler);
    writeFileSync(
      path.join(functionsBundleDir, file),
      `export const handler = async () => { throw new Error('stand-in for ${handler}'); };\n`,
    );
    writeFileSync(path.join(functionsBundleDir, `${file}.map`), '{"version":3,"mappings":""}\n');
  }
  writeFileSync(path.join(dashboardExportDir, 'index.html'), STAND_IN_PAGE);
  return {
    root,
    functionsBundleDir,
    dashboardExportDir,
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
