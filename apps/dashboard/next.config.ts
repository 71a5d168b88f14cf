import path from 'node:path';
import type { NextConfig } from 'next';

/**
 * The dashboard is a static export: plain files that S3 + CloudFront serve in AWS
 * and the local stack serves from disk. Everything dynamic happens in the browser
 * against the same-origin HTTP API under `/api/*`.
 */
const nextConfig: NextConfig = {
  output: 'export',
  trailingSlash: false,
  images: { unoptimized: true },
  reactStrictMode: true,
  poweredByHeader: false,
  turbopack: {
    // The @lumcast/* libs live outside this app; Turbopack must see the whole repo.
    root: path.resolve(__dirname, '..', '..'),
  },
};

export default nextConfig;
