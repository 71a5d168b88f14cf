import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bundleFileName, HANDLER_NAMES } from '../../src/build-outputs';

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
 * "export" is one index.html. The tests check infrastructure, not handler code.
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
  writeFileSync(
    path.join(dashboardExportDir, 'index.html'),
    '<!doctype html><title>stand-in</title>\n',
  );
  return {
    root,
    functionsBundleDir,
    dashboardExportDir,
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
