/**
 * Where audio, chunks and scripts are kept: S3 in AWS, a folder on disk in the
 * local stack. Keys are the S3 keys of the pipeline contract
 * (`chunks/<user>/<job>/<i>.mp3`, `scripts/<user>/<job>.json`,
 * `episodes/<user>/<job>/episode.mp3`, `episodes/<user>/<job>/captions.vtt`,
 * `sources/<user>/<sourceId>`).
 *
 * `get` of a key with no object throws `ObjectNotFoundError` (from `errors.ts`) with the
 * key, whatever the store; every other failure of the store is rethrown unchanged.
 *
 * @example
 * ```ts
 * await store.put('scripts/alice/j-1.json', JSON.stringify(script), 'application/json');
 * const bytes = await store.get('scripts/alice/j-1.json');
 * ```
 */
export interface ObjectStore {
  put(key: string, body: Uint8Array | string, contentType: string): Promise<void>;
  /** The object's bytes; `ObjectNotFoundError` when there is no object at `key`. */
  get(key: string): Promise<Uint8Array>;
  delete(keys: string[]): Promise<void>;
}

/** The object keys of one job, in one place. */
export const objectKeys = {
  chunk: (userId: string, jobId: string, index: number) => `chunks/${userId}/${jobId}/${index}.mp3`,
  script: (userId: string, jobId: string) => `scripts/${userId}/${jobId}.json`,
  /** The plan of a script written in parts (WriteOutline writes it, the other phases read it). */
  scriptOutline: (userId: string, jobId: string) => `scripts/${userId}/${jobId}.outline.json`,
  /** One written part (a chapter, or the whole script when it is written in one part). */
  scriptPart: (userId: string, jobId: string, part: number) =>
    `scripts/${userId}/${jobId}.part-${part}.json`,
  episodeAudio: (userId: string, jobId: string) => `episodes/${userId}/${jobId}/episode.mp3`,
  episodeCaptions: (userId: string, jobId: string) => `episodes/${userId}/${jobId}/captions.vtt`,
  /** An uploaded source file (`POST /api/sources`), kept for a day by the bucket's lifecycle. */
  source: (userId: string, sourceId: string) => `sources/${userId}/${sourceId}`,
};
