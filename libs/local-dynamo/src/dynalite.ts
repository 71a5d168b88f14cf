import type { Server } from 'node:http';

/** The options of dynalite this lib uses (the package ships no types). */
export interface DynaliteServerOptions {
  /** How long a new table stays CREATING, in ms. */
  createTableMs?: number;
  /** How long a deleted table stays DELETING, in ms. */
  deleteTableMs?: number;
  /** How long an updated table stays UPDATING, in ms. */
  updateTableMs?: number;
  /** A folder for the LevelDB store; in memory when absent. */
  path?: string;
}

/**
 * Creates a dynalite HTTP server (not yet listening): the one typed wrapper
 * around `require('dynalite')` in the workspace.
 */
export function createDynaliteServer(options: DynaliteServerOptions): Server {
  const dynalite = require('dynalite') as (options: DynaliteServerOptions) => Server;
  return dynalite(options);
}
