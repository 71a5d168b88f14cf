/**
 * Measures the speaking rate of the local speech engine (the npm `espeak-ng`
 * package, default rate and the `en-us` voice) on conversational podcast text,
 * so the words-per-minute table in `src/speech-rate.ts` rests on a measurement.
 *
 * Run: `npx tsx libs/script-generation/bench/calibrate-speech-rate.ts`
 */
import ESpeakNg from 'espeak-ng';
import { countWords } from '../src/script/podcast-script';
import { generateConversation } from './sample-text';

interface WavInfo {
  seconds: number;
}

function readWavDuration(bytes: Uint8Array): WavInfo {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let offset = 12;
  let byteRate = 0;
  while (offset + 8 <= bytes.byteLength) {
    const id = String.fromCharCode(...bytes.subarray(offset, offset + 4));
    let size = view.getUint32(offset + 4, true);
    if (id === 'fmt ') byteRate = view.getUint32(offset + 16, true);
    if (id === 'data') {
      // espeak writes a streaming header (size 0 or 0xFFFFFFFF): fall back to the file end.
      if (size === 0 || size === 0xffffffff || offset + 8 + size > bytes.byteLength) {
        size = bytes.byteLength - offset - 8;
      }
      return { seconds: size / byteRate };
    }
    offset += 8 + size + (size % 2);
  }
  throw new Error('no data chunk in WAV');
}

async function speak(text: string): Promise<number> {
  const espeak = await ESpeakNg({ arguments: ['-v', 'en-us', '-w', '/out.wav', text] });
  const wav = espeak.FS.readFile('/out.wav') as Uint8Array;
  return readWavDuration(wav).seconds;
}

async function main(): Promise<void> {
  const samples = generateConversation(3, 1234);
  let totalWords = 0;
  let totalSeconds = 0;
  for (const sample of samples) {
    const words = countWords(sample);
    const seconds = await speak(sample);
    totalWords += words;
    totalSeconds += seconds;
    console.log(
      `sample: ${words} words, ${seconds.toFixed(1)} s → ${((words / seconds) * 60).toFixed(1)} wpm`,
    );
  }
  console.log(
    `espeak-ng (en-us, default rate): ${totalWords} words in ${totalSeconds.toFixed(1)} s → ${(
      (totalWords / totalSeconds) *
      60
    ).toFixed(1)} words per minute`,
  );
}

void main();
