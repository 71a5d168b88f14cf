// @ts-check
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const appDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * The dashboard is a static export: plain files that S3 + CloudFront serve in AWS
 * and the local stack serves from disk. Everything dynamic happens in the browser
 * against the same-origin HTTP API under `/api/*`.
 *
 * (JavaScript, not next.config.ts: Nx's @nx/next/plugin loads this file to infer the
 * build target and cannot load TypeScript without @swc-node/register or ts-node.)
 *
 * @type {import('next').NextConfig}
 */
const nextConfig = {
  output: 'export',
  trailingSlash: false,
  images: { unoptimized: true },
  reactStrictMode: true,
  poweredByHeader: false,
  turbopack: {
    // The @lumcast/* libs live outside this app; Turbopack must see the whole repo.
    root: path.resolve(appDir, '..', '..'),
  },
};

export default nextConfig;
