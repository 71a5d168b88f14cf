/**
 * The voice the run's speech engine spoke each chunk of a finished job in, read from what the run
 * stored, so on either run and with no record or hook inside a bundle. Each chunk's audio is
 * stored at its address (`chunkAddress`: a hash of its text, its voice, the engine, quality,
 * language and format) under `episodes/<jobId>/chunks/`, so a chunk spoken in a voice is the
 * object at the address that voice gives; and that audio is as long as what espeak-ng, asked
 * here for that text in that voice, makes (each local voice speaks at its own speed), so it was
 * spoken in the voice its address names.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import type { LocalSynthesizer } from '@lumcast/audio-assembly';
import { chunkAddress, objectKeys, type SpeechSettings } from '@lumcast/pipeline';
import { storedObjectPath } from './support';

/** One chunk of a job's stored speech plan. */
export interface PlannedChunk {
  text: string;
  hostIndex: number;
}

/** The script and speech plan the script steps stored for a job. */
export interface StoredScript {
  script: { hosts: { name: string }[]; chapters: { segments: { speaker: string }[] }[] };
  plan: PlannedChunk[];
}

/** The script and speech plan of `userId`'s job, as the run stored them. */
export function storedScript(dataDir: string, userId: string, jobId: string): StoredScript {
  const file = storedObjectPath(dataDir, objectKeys.script(userId, jobId));
  return JSON.parse(readFileSync(file, 'utf8')) as StoredScript;
}

/** The file holding a chunk's audio had it been spoken in `voice`, or undefined when there is none. */
function chunkFile(
  dataDir: string,
  jobId: string,
  text: string,
  voice: string,
  settings: SpeechSettings,
): string | undefined {
  const file = storedObjectPath(
    dataDir,
    objectKeys.chunkAt(jobId, chunkAddress(text, voice, settings)),
  );
  return existsSync(file) ? file : undefined;
}

/**
 * For each chunk of `plan`, the voices among `candidates` whose address holds audio of the job
 * (exactly one, the voice it was spoken in, when the run spoke each chunk once).
 */
export function storedVoices(
  dataDir: string,
  jobId: string,
  plan: readonly PlannedChunk[],
  settings: SpeechSettings,
  candidates: readonly string[],
): string[][] {
  return plan.map((chunk) =>
    candidates.filter((voice) => chunkFile(dataDir, jobId, chunk.text, voice, settings)),
  );
}

/**
 * The byte length of each chunk's audio stored at the address of its voice (`voices[i]`); MP3 at
 * a constant bit rate, so its duration. Throws when one is missing.
 */
export function storedLengths(
  dataDir: string,
  jobId: string,
  plan: readonly PlannedChunk[],
  voices: readonly string[],
  settings: SpeechSettings,
): number[] {
  return plan.map((chunk, i) => {
    const voice = voices[i] ?? '';
    const file = chunkFile(dataDir, jobId, chunk.text, voice, settings);
    if (file === undefined) throw new Error(`No audio of chunk ${i} in ${voice}`);
    return statSync(file).size;
  });
}

/**
 * The byte length of the MP3 espeak-ng (this process's own `LocalSynthesizer`) makes of each
 * chunk's text in its voice (`voices[i]`). Each local voice speaks at its own speed, so the length
 * tells the voices apart; the bytes themselves do not repeat (a variant's breath is noise).
 */
export async function espeakLengths(
  espeak: LocalSynthesizer,
  plan: readonly PlannedChunk[],
  voices: readonly string[],
  quality: SpeechSettings['quality'],
): Promise<number[]> {
  const lengths: number[] = [];
  for (const [i, chunk] of plan.entries()) {
    const voice = voices[i] ?? '';
    lengths.push((await espeak.synthesize({ text: chunk.text, voice, quality })).length);
  }
  return lengths;
}
