import { existsSync } from 'node:fs';
import path from 'node:path';
import { PIPELINE_FUNCTIONS, type PipelineFunction } from '@lumcast/pipeline';
import { MissingBuildOutputError } from './errors';

/**
 * The Lambda handlers of apps/functions, one function each (`<name>.mjs`, handler `<name>.handler`).
 */
export const HANDLER_NAMES = PIPELINE_FUNCTIONS;

/** One of {@link HANDLER_NAMES}. */
export type HandlerName = PipelineFunction;

/** The monorepo root (this file lives in apps/infra/src). */
export const WORKSPACE_ROOT = path.resolve(__dirname, '..', '..', '..');

/** Where `npx nx run functions:build` writes the handler bundles. */
export const DEFAULT_FUNCTIONS_BUNDLE_DIR = path.join(WORKSPACE_ROOT, 'dist', 'apps', 'functions');

/** Where `npx nx run dashboard:build` writes Next's static export. */
export const DEFAULT_DASHBOARD_EXPORT_DIR = path.join(WORKSPACE_ROOT, 'apps', 'dashboard', 'out');

/** The shared Amazon States Language definition, also run by the local stack. */
export const DEFAULT_STATE_MACHINE_DEFINITION = path.join(
  WORKSPACE_ROOT,
  'apps',
  'functions',
  'src',
  'state-machine',
  'podcast.asl.json',
);

/** The bundle file of one handler inside a bundle directory. */
export function bundleFileName(handler: HandlerName): string {
  return `${handler}.mjs`;
}

/**
 * Checks that every handler bundle exists, so a missing build fails with a
 * {@link MissingBuildOutputError} naming the file instead of an empty Lambda.
 */
export function assertFunctionBundles(bundleDir: string): void {
  for (const handler of HANDLER_NAMES) {
    const file = path.join(bundleDir, bundleFileName(handler));
    if (!existsSync(file)) throw new MissingBuildOutputError(file, 'npx nx run functions:build');
  }
}

/** Checks that the dashboard's static export exists (its `index.html`). */
export function assertDashboardExport(exportDir: string): void {
  const index = path.join(exportDir, 'index.html');
  if (!existsSync(index)) throw new MissingBuildOutputError(index, 'npx nx run dashboard:build');
}

/** Checks that the state machine definition file exists. */
export function assertStateMachineDefinition(definitionPath: string): void {
  if (!existsSync(definitionPath)) {
    throw new MissingBuildOutputError(definitionPath, 'it is a source file of apps/functions');
  }
}
