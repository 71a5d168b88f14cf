/**
 * `npm start`: runs Lumcast on this machine, the synthesized app on the engine (see
 * ./engine-stack.ts), and prints
 * where it listens (127.0.0.1 unless `HOST` is set). Ctrl-C stops it; nothing is lost, and an
 * episode caught mid-way ends `failed`, uncharged, at the next start. A bad `link-secret` file
 * refuses the start with a message naming it, and so does a data folder another live stack holds.
 * SIGINT, SIGTERM and SIGHUP stop it, and so does the end of the process that launched it (npm,
 * Nx or tsx; see ./launcher-watch.ts), so nothing is left listening when its terminal or its
 * launcher goes.
 */
import { readLocalConfig } from './local-config';
import { startEngineStack } from './engine-stack';
import { isLoopbackHost } from './host-check';
import { launchersOf, watchLaunchers } from './launcher-watch';

/** The banner's first lines: the URL (`Lumcast is running at <url>`), the API, the address. */
function bannerHead(url: string, address: string): string[] {
  return [
    '',
    `Lumcast is running at ${url}`,
    `  open ${url} in a browser, pick a user, and make an episode`,
    `  API: ${url}/api (identity header x-lumcast-user: <userId>)`,
    isLoopbackHost(address)
      ? `  listening on ${address} only (set HOST to listen elsewhere)`
      : `  listening on ${address}: anyone who can reach it can act as any user`,
  ];
}

/** The lines after the URL: what runs, where the data is, and what the start found. */
function bannerBody(
  config: ReturnType<typeof readLocalConfig>,
  stack: Awaited<ReturnType<typeof startEngineStack>>,
): string[] {
  const { requeued, finished, failed } = stack.recovered;
  const { items, objects } = stack.imported;
  const movedItems = Object.values(items).reduce((sum, count) => sum + (count ?? 0), 0);
  return [
    `  the synthesized app on the engine: its functions in worker threads, SigV4 and IAM on every call`,
    `  data: ${config.dataDir} (DynamoDB Local tables, S3 objects, dead letters)`,
    `  DynamoDB Local: ${stack.emulator.dynamodbUrl} (recorded in ${stack.dynamoEndpointFile} for \`npx nx run tools:quota\`)`,
    `  script writer: ${config.scriptWriter === 'offline' ? 'offline (no language model; set LUMCAST_SCRIPT_WRITER=bedrock with AWS credentials for Bedrock)' : 'bedrock (Amazon Bedrock, with your AWS credentials)'}`,
    `  speech: ${config.speech === 'local' ? 'local (espeak-ng; set LUMCAST_SPEECH=polly with AWS credentials for Polly)' : 'polly (Amazon Polly, with your AWS credentials)'}`,
    movedItems || objects
      ? `  moved in from the in-process run's data: ${movedItems} item(s), ${objects} object(s)`
      : '',
    requeued.length || finished.length || failed.length
      ? `  after the last stop: ${requeued.length} queued job(s) queued again, ${finished.length} charged job(s) finished as ready, ${failed.length} interrupted job(s) marked failed (uncharged)`
      : '',
    ...stack.staleStopped.map(
      (child) =>
        `  stopped ${child.name} (pid ${child.pid}), left running on this data folder by a Lumcast that was killed`,
    ),
  ].filter(Boolean);
}

async function main(): Promise<void> {
  const config = readLocalConfig(process.env);
  // Recorded before anything starts: a launcher killed while the stack starts is still noticed.
  const launchers = launchersOf(process.pid);
  const stack = await startEngineStack(config);
  console.log(
    [
      ...bannerHead(stack.url, stack.address),
      ...bannerBody(config, stack),
      '  Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
  stopOnSignals(stack, launchers);
}

function stopOnSignals(
  stack: { stop(): Promise<void> },
  launchers: ReturnType<typeof launchersOf>,
): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping Lumcast…`);
    stack.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGHUP', () => stop('SIGHUP'));
  watchLaunchers(launchers, (launcher) =>
    stop(`its launcher ended (pid ${launcher.pid}: ${launcher.command.slice(0, 80)})`),
  );
}

main().catch((error: unknown) => {
  console.error(
    `Lumcast could not start: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
