/**
 * Source of the worker thread that runs espeak-ng. It runs as plain CommonJS (`eval: true`) so that the
 * ESM/WASM package loads with Node's own `import()` whatever loader runs the caller (Jest, tsx, Node).
 * It receives the WASM module compiled once per process (a `WebAssembly.Module` is shared, not copied,
 * with workers) and instantiates it per request (≈ 2× faster than letting espeak-ng compile it each time). Text goes through espeak's in-memory file system (`-f`),
 * never through its argument list.
 */
export const ESPEAK_WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { pathToFileURL } = require('node:url');
let loaded;
function load() {
  loaded ??= (async () => {
    const { default: ESpeakNg } = await import(pathToFileURL(workerData.modulePath).href);
    return { ESpeakNg, wasm: workerData.wasmModule };
  })();
  return loaded;
}
parentPort.on('message', async ({ id, text, voice, pitch, speed }) => {
  try {
    const { ESpeakNg, wasm } = await load();
    const errors = [];
    const instance = await ESpeakNg({
      arguments: ['-b', '1', '-v', voice, '-p', String(pitch), '-s', String(speed), '-w', '/out.wav', '-f', '/in.txt'],
      preRun: [(module) => module.FS.writeFile('/in.txt', text)],
      print: () => {},
      printErr: (line) => errors.push(line),
      instantiateWasm(imports, done) {
        WebAssembly.instantiate(wasm, imports).then((result) => done(result));
        return {};
      },
    });
    let wav;
    try {
      wav = instance.FS.readFile('/out.wav');
    } catch {
      throw new Error('espeak-ng wrote no audio: ' + (errors[0] || 'unknown error'));
    }
    parentPort.postMessage({ id, wav }, [wav.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;
