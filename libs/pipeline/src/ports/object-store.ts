/**
 * Where audio, chunks and scripts are kept: S3 in AWS, a folder on disk in the
 * local stack. Keys are the S3 keys of the pipeline contract
 * (`chunks/<user>/<job>/<i>.mp3`, `scripts/<user>/<job>.json` and its edited versions
 * `scripts/<job>/v<n>-<digest>.json`,
 * `episodes/<job>/episode.mp3`, `episodes/<job>/captions.vtt` — these two are handed out in
 * links, so they do not name the user —, a render's `episodes/<job>/render-<n>/…`, its chunks
 * `episodes/<job>/chunks/<address>.mp3` and plan `scripts/<job>/render-<n>.json`,
 * `sources/<user>/<sourceId>`).
 *
 * `get` of a key with no object throws `ObjectNotFoundError` (from `errors.ts`) with the
 * key, whatever the store; every other failure of the store is rethrown unchanged.
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
  /**
   * An edited version (2, 3, …) of a job's script (`PUT /api/podcasts/{jobId}/script`), named
   * by the job, the version and a digest of its content; version 1 stays at {@link script}.
   */
  scriptVersion: (jobId: string, version: number, digest: string) =>
    `scripts/${jobId}/v${version}-${digest}.json`,
  /** The plan of a script written in parts (WriteOutline writes it, the other phases read it). */
  scriptOutline: (userId: string, jobId: string) => `scripts/${userId}/${jobId}.outline.json`,
  /** One written part (a chapter, or the whole script when it is written in one part). */
  scriptPart: (userId: string, jobId: string, part: number) =>
    `scripts/${userId}/${jobId}.part-${part}.json`,
  /**
   * The episode's MP3. Its key is handed out (a presigned link, the redirect of a feed's
   * enclosure, which anyone with the feed follows), so it names only the job, never its owner:
   * the job id (time + 64 random bits) is already in the feed. `userId` is kept in the
   * signature for the callers; it is not part of the key. Episodes assembled before this keep
   * the key recorded on their job (`audioKey`).
   */
  episodeAudio: (_userId: string, jobId: string) => `episodes/${jobId}/episode.mp3`,
  /** The episode's WebVTT captions; handed out like the MP3, so keyed by the job alone. */
  episodeCaptions: (_userId: string, jobId: string) => `episodes/${jobId}/captions.vtt`,
  /**
   * One speech chunk's audio, by its address (`chunkAddress`: what determines its sound), so a
   * render reuses the chunks a job already has. Under the job's episode prefix, naming no user.
   */
  chunkAt: (jobId: string, address: string) => `episodes/${jobId}/chunks/${address}.mp3`,
  /** The plan of render `n` of a job (`POST …/render`): its chunks, their addresses, what is new. */
  renderPlan: (jobId: string, n: number) => `scripts/${jobId}/render-${n}.json`,
  /** Render `n`'s MP3; the job's `audioKey` names it once the render is charged. */
  renderAudio: (jobId: string, n: number) => `episodes/${jobId}/render-${n}/episode.mp3`,
  /** Render `n`'s WebVTT captions. */
  renderCaptions: (jobId: string, n: number) => `episodes/${jobId}/render-${n}/captions.vtt`,
  /** An uploaded source file (`POST /api/sources`), kept for a day by the bucket's lifecycle. */
  source: (userId: string, sourceId: string) => `sources/${userId}/${sourceId}`,
};
