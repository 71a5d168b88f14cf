/**
 * Reads a job's source link as plain text for the script writer (`LinkSourceFetcher` in AWS and
 * locally; a fake in step tests). Throws `SourceLinkError` when the link cannot be read.
 */
export interface SourceFetcher {
  fetchText(url: string): Promise<string>;
}
