/**
 * `npm start`: runs Lumcast on this machine (see ./local-stack.ts) and prints
 * where it listens (127.0.0.1 unless `HOST` is set). Ctrl-C stops it; nothing is lost, and an
 * episode caught mid-way ends `failed`, uncharged, at the next start. A bad `link-secret` file
 * refuses the start with a message naming it, and so does a data folder another live stack holds.
 * SIGINT, SIGTERM and SIGHUP stop it, and so does the end of the process that launched it (npm,
 * Nx or tsx; see ./launcher-watch.ts), so nothing is left listening when its terminal or its
 * launcher goes.
 */
import { readLocalConfig } from './local-config';
import { startLocalStack } from './local-stack';
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

/** `LUMCAST_ENGINE=1`: the synthesized app on the engine (`./engine-stack.ts`) instead. */
async function startOnEngine(
  config: ReturnType<typeof readLocalConfig>,
): Promise<{ stop(): Promise<void> }> {
  const stack = await startEngineStack(config);
  console.log(
    [
      ...bannerHead(stack.url, stack.address),
      `  the synthesized app on the engine: its functions in worker threads, SigV4 and IAM on every call`,
      `  data: ${config.dataDir} (DynamoDB Local tables, S3 objects)`,
      `  DynamoDB Local: ${stack.emulator.dynamodbUrl} (recorded in ${stack.dynamoEndpointFile} for \`npx nx run tools:quota\`)`,
      `  speech: ${config.speech === 'local' ? 'local (espeak-ng)' : 'polly (Amazon Polly, with your AWS credentials)'}; script writer: ${config.scriptWriter === 'offline' ? 'offline' : 'bedrock (Amazon Bedrock, with your AWS credentials)'}`,
      ...stack.staleStopped.map(
        (child) =>
          `  stopped ${child.name} (pid ${child.pid}), left running on this data folder by a Lumcast that was killed`,
      ),
      '  Ctrl-C to stop.',
      '',
    ].join('\n'),
  );
  return stack;
}

async function main(): Promise<void> {
  const config = readLocalConfig(process.env);
  // Recorded before anything starts: a launcher killed while the stack starts is still noticed.
  const launchers = launchersOf(process.pid);
  const stack =
    process.env['LUMCAST_ENGINE'] === '1'
      ? await startOnEngine(config)
      : await startInProcess(config);
  stopOnSignals(stack, launchers);
}

/** The default: the in-process local stack (`./local-stack.ts`). */
async function startInProcess(
  config: ReturnType<typeof readLocalConfig>,
): Promise<{ stop(): Promise<void> }> {
  const stack = await startLocalStack(config);
  const { requeued, finished, failed } = stack.recovered;
  console.log(
    [
      ...bannerHead(stack.url, stack.address),
      `  data: ${config.dataDir} (DynamoDB Local tables, audio, dead letters)`,
      `  DynamoDB Local: ${stack.dynamo.endpoint} (recorded in ${stack.dynamoEndpointFile} for \`npx nx run tools:quota\`)`,
      `  script writer: ${config.scriptWriter}${config.scriptWriter === 'offline' ? ' (no language model; set LUMCAST_SCRIPT_WRITER=bedrock with AWS credentials for Bedrock)' : ''}`,
      `  speech: ${config.speech}${config.speech === 'local' ? ' (espeak-ng; set LUMCAST_SPEECH=polly with AWS credentials for Polly)' : ''}`,
      requeued.length || finished.length || failed.length
        ? `  after the last stop: ${requeued.length} queued job(s) queued again, ${finished.length} charged job(s) finished as ready, ${failed.length} interrupted job(s) marked failed (uncharged)`
        : '',
      ...stack.staleStopped.map(
        (child) =>
          `  stopped ${child.name} (pid ${child.pid}), left running on this data folder by a Lumcast that was killed`,
      ),
      '  Ctrl-C to stop.',
      '',
    ]
      .filter(Boolean)
      .join('\n'),
  );
  return stack;
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
