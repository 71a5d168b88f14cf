/** s3rver 3.7 ships no types: the constructor options and methods local-s3.ts uses. */
declare module 's3rver' {
  class S3rver {
    constructor(options: {
      address?: string;
      port?: number;
      silent?: boolean;
      directory?: string;
      resetOnClose?: boolean;
      vhostBuckets?: boolean;
      configureBuckets?: { name: string }[];
    });
    run(): Promise<unknown>;
    close(): Promise<void>;
  }
  export = S3rver;
}
