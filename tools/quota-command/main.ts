/**
 * `npx nx run tools:quota -- <command> …`: the quota operator command (see
 * ./run-quota-command.ts and tools/README.md, "Quota operator command").
 */
import { runQuotaCommand } from './run-quota-command';

runQuotaCommand(process.argv.slice(2), {
  stdout: process.stdout,
  stderr: process.stderr,
  env: process.env,
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error('quota: unexpected failure', error);
    process.exitCode = 1;
  },
);
