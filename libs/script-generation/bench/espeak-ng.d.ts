// Minimal typing of the npm `espeak-ng` package (WASM build of eSpeak NG), as used by the calibration script.
declare module 'espeak-ng' {
  interface ESpeakNgInstance {
    FS: { readFile(path: string, options?: { encoding?: 'binary' | 'utf8' }): Uint8Array | string };
  }
  export default function ESpeakNg(options: { arguments: string[] }): Promise<ESpeakNgInstance>;
}
