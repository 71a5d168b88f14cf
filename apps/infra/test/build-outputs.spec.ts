import { rmSync } from 'node:fs';
import path from 'node:path';
import { App } from 'aws-cdk-lib';
import { MissingBuildOutputError } from '../src/errors';
import { LumcastStack } from '../src/lumcast-stack';
import { resolveStageConfig } from '../src/stage-config';
import { createStandInBuilds } from './support/stand-in-builds';

describe('LumcastStack build-output checks', () => {
  const attempt = (mutate: (builds: ReturnType<typeof createStandInBuilds>) => void) => {
    const builds = createStandInBuilds();
    try {
      mutate(builds);
      const app = new App({ context: { stage: 'dev' }, outdir: path.join(builds.root, 'cdk.out') });
      const config = resolveStageConfig((key) => app.node.tryGetContext(key));
      const create = () =>
        new LumcastStack(app, 'LumcastTest', {
          config,
          functionsBundleDir: builds.functionsBundleDir,
          dashboardExportDir: builds.dashboardExportDir,
        });
      let error: unknown;
      try {
        create();
      } catch (caught) {
        error = caught;
      }
      return { error, builds, constructs: app.node.findAll().length };
    } finally {
      builds.remove();
    }
  };

  it('names the missing handler bundle and the build to run, before creating any resource', () => {
    const { error, builds, constructs } = attempt((b) =>
      rmSync(path.join(b.functionsBundleDir, 'callback.mjs')),
    );
    expect(error).toBeInstanceOf(MissingBuildOutputError);
    expect((error as MissingBuildOutputError).missingPath).toBe(
      path.join(builds.functionsBundleDir, 'callback.mjs'),
    );
    expect((error as Error).message).toContain('npx nx run functions:build');
    // Only the App and the (empty) stack exist: nothing was half-built.
    expect(constructs).toBeLessThanOrEqual(2);
  });

  it('names the missing dashboard export and the build to run', () => {
    const { error, builds } = attempt((b) => rmSync(path.join(b.dashboardExportDir, 'index.html')));
    expect(error).toBeInstanceOf(MissingBuildOutputError);
    expect((error as MissingBuildOutputError).missingPath).toBe(
      path.join(builds.dashboardExportDir, 'index.html'),
    );
    expect((error as Error).message).toContain('npx nx run dashboard:build');
  });
});
