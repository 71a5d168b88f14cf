import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { VoiceQuality } from '@lumcast/quota';
import { AudioFormatError, InvalidAudioOptionsError, SpeechEngineError } from '../errors';
import { ESPEAK_WORKER_SOURCE } from './espeak-worker-source';
import { encodeMp3 } from '../mp3/encoder';
import { localVoice, localVoiceId, type LocalVoice } from './voices';
import type { HostIndex, SpeechRequest, SpeechSynthesizer } from '../speech-synthesizer';
import { wavInfo } from './wav';

/** Sample rate espeak-ng produces, and so of every local MP3 (MPEG-2 Layer III, mono). */
export const LOCAL_SAMPLE_RATE = 22050;

/** Options of {@link LocalSynthesizer}. */
export interface LocalSynthesizerOptions {
  /** MP3 bit rate in kbit/s (default 48). */
  kbps?: number;
  /** Longest wait for one request before the engine is restarted and the request fails (default 60 s). */
  timeoutMs?: number;
  /** Path of `espeak-ng`'s `dist/espeak-ng.js`; default resolved from the package. */
  espeakModulePath?: string;
}

interface Pending {
  resolve: (wav: Uint8Array) => void;
  reject: (error: Error) => void;
  timer: ReturnType<typeof setTimeout>;
}

/** A compiled `WebAssembly.Module` (the global's types are not in this workspace's `lib`). */
type CompiledWasm = object;
const { WebAssembly: wasmApi } = globalThis as unknown as {
  WebAssembly: { compile(bytes: Uint8Array): Promise<CompiledWasm> };
};

/** One compiled espeak-ng WASM module per file per process, shared by every instance's worker. */
const compiledEngines = new Map<string, Promise<CompiledWasm>>();

function compileOnce(wasmPath: string): Promise<CompiledWasm> {
  let compiled = compiledEngines.get(wasmPath);
  if (!compiled) {
    compiled = readFile(wasmPath).then((bytes) => wasmApi.compile(bytes));
    compiled.catch(() => compiledEngines.delete(wasmPath));
    compiledEngines.set(wasmPath, compiled);
  }
  return compiled;
}

function resolveEspeakModule(): string {
  const resolver =
    typeof require === 'function' ? require : createRequire(join(process.cwd(), 'index.js'));
  return resolver.resolve('espeak-ng');
}

/**
 * The embedded speech engine: real speech with no network, from espeak-ng (WASM) running in one worker
 * thread per instance (the WASM is compiled once per process and shared with every worker; it is
 * instantiated per request), encoded to mono 22.05 kHz CBR MP3 with
 * `@breezystack/lamejs`. Every chunk therefore shares one sample rate and channel mode. Host 0 speaks with
 * a low male voice, host 1 with a higher female one, host 2 with a brisker male one in between, each in
 * the language asked for (any of {@link LOCAL_ENGINE_LANGUAGES}; default en-US). The quality is accepted but does not change the
 * sound. Call {@link LocalSynthesizer.close} when done (an idle worker does not keep the process alive).
 *
 * @example
 * ```ts
 * const local = new LocalSynthesizer();
 * const mp3 = await local.synthesize({ text: 'Hello!', voice: local.voiceForHost(0, 'standard'), quality: 'standard' });
 * await local.close();
 * ```
 */
export class LocalSynthesizer implements SpeechSynthesizer {
  private readonly kbps: number;
  private readonly timeoutMs: number;
  private readonly espeakModulePath: string | undefined;
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  /** Bumped by close(): requests started before it fail even if they were still loading the engine. */
  private generation = 0;

  constructor(options: LocalSynthesizerOptions = {}) {
    const { kbps = 48, timeoutMs = 60_000 } = options;
    if (![8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160].includes(kbps)) {
      throw new InvalidAudioOptionsError(`kbps must be an MPEG-2 Layer III bit rate, got ${kbps}`);
    }
    if (!Number.isFinite(timeoutMs) || timeoutMs <= 0) {
      throw new InvalidAudioOptionsError(`timeoutMs must be positive, got ${timeoutMs}`);
    }
    this.kbps = kbps;
    this.timeoutMs = timeoutMs;
    this.espeakModulePath = options.espeakModulePath;
  }

  /** {@inheritDoc SpeechSynthesizer.voiceForHost} */
  voiceForHost(hostIndex: HostIndex, _quality: VoiceQuality, language?: string): string {
    return localVoiceId(hostIndex, language);
  }

  /** {@inheritDoc SpeechSynthesizer.synthesize} */
  async synthesize(request: SpeechRequest): Promise<Uint8Array> {
    const { text, voice } = request ?? ({} as SpeechRequest);
    const settings = localVoice(voice);
    if (typeof text !== 'string' || text.trim() === '')
      throw new InvalidAudioOptionsError('text is empty');
    const wav = await this.speak(text, settings);
    let info;
    try {
      info = wavInfo(wav);
    } catch (error) {
      throw new SpeechEngineError('espeak-ng returned no readable WAV', { cause: error });
    }
    if (info.sampleRate !== LOCAL_SAMPLE_RATE || info.channels !== 1 || info.bitsPerSample !== 16) {
      throw new SpeechEngineError(
        `espeak-ng returned ${info.sampleRate} Hz/${info.channels} ch/${info.bitsPerSample} bit, expected ${LOCAL_SAMPLE_RATE} Hz mono 16 bit`,
        { cause: new AudioFormatError('unexpected WAV format') },
      );
    }
    if (info.frames === 0) throw new SpeechEngineError('espeak-ng returned no samples');
    const samples = new Int16Array(info.frames);
    const view = new DataView(wav.buffer, wav.byteOffset + info.dataOffset, info.dataLength);
    for (let i = 0; i < samples.length; i++) samples[i] = view.getInt16(i * 2, true);
    return encodeMp3(samples, undefined, { sampleRate: LOCAL_SAMPLE_RATE, kbps: this.kbps });
  }

  /** Stops the engine's worker thread; pending requests fail. The synthesizer restarts it if used again. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    this.generation++;
    this.failAll(new SpeechEngineError('the local synthesizer was closed'));
    if (worker) await worker.terminate();
  }

  private async ensureWorker(): Promise<Worker> {
    const modulePath = this.espeakModulePath ?? resolveEspeakModule();
    let wasmModule: CompiledWasm;
    try {
      wasmModule = await compileOnce(join(dirname(modulePath), 'espeak-ng.wasm'));
    } catch (error) {
      throw new SpeechEngineError('could not load the espeak-ng WASM module', { cause: error });
    }
    if (this.worker) return this.worker;
    const worker = new Worker(ESPEAK_WORKER_SOURCE, {
      eval: true,
      workerData: { modulePath, wasmModule },
    });
    worker.on('message', (message: { id: number; wav?: Uint8Array; error?: string }) => {
      const entry = this.pending.get(message.id);
      if (!entry) return;
      this.settle(message.id);
      if (message.wav) entry.resolve(message.wav);
      else
        entry.reject(
          new SpeechEngineError(`espeak-ng failed: ${message.error ?? 'unknown error'}`),
        );
    });
    worker.on('error', (error) => {
      if (this.worker === worker) this.worker = undefined;
      this.failAll(new SpeechEngineError('the espeak-ng worker crashed', { cause: error }));
    });
    worker.on('exit', (code) => {
      if (this.worker === worker) this.worker = undefined;
      this.failAll(new SpeechEngineError(`the espeak-ng worker exited (code ${code})`));
    });
    worker.unref();
    this.worker = worker;
    return worker;
  }

  private async speak(text: string, voice: LocalVoice): Promise<Uint8Array> {
    const generation = this.generation;
    const worker = await this.ensureWorker();
    if (generation !== this.generation)
      throw new SpeechEngineError('the local synthesizer was closed');
    const id = this.nextId++;
    return new Promise<Uint8Array>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.settle(id);
        reject(new SpeechEngineError(`espeak-ng did not answer within ${this.timeoutMs} ms`));
        if (this.worker === worker) this.worker = undefined;
        void worker.terminate();
      }, this.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      worker.ref();
      worker.postMessage({
        id,
        text,
        voice: voice.espeakVoice,
        pitch: voice.pitch,
        speed: voice.wordsPerMinute,
      });
    });
  }

  private settle(id: number): void {
    const entry = this.pending.get(id);
    if (entry) clearTimeout(entry.timer);
    this.pending.delete(id);
    if (this.pending.size === 0) this.worker?.unref();
  }

  private failAll(error: SpeechEngineError): void {
    for (const [id, entry] of [...this.pending]) {
      this.settle(id);
      entry.reject(error);
    }
  }
}
