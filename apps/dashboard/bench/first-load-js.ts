/*
 * First-load JavaScript of the dashboard's static export, measured from the built files
 * (Next 16 no longer prints sizes in `next build`). Run after a build:
 *
 *   NEXT_TELEMETRY_DISABLED=1 npx next build apps/dashboard && npx tsx apps/dashboard/bench/first-load-js.ts
 *
 * Baseline, measured in the same run: the framework-only 404 page of the same build
 * (React + Next runtime, no dashboard code). Also checks that no AWS SDK client code
 * (imported by the @lumcast libs' index modules for their server-side parts) reached
 * the browser.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const outDir = path.resolve(__dirname, '..', 'out');

/** Markers that only appear if server-side SDK code was bundled. */
const SERVER_ONLY_MARKERS = [
  'DynamoDBClient',
  'BedrockRuntimeClient',
  'ConditionalCheckFailedException',
  '@aws-sdk',
  'ConverseCommand',
];

interface PageWeight {
  page: string;
  scripts: string[];
  rawBytes: number;
  gzipBytes: number;
}

function scriptsOf(htmlFile: string): string[] {
  const html = readFileSync(path.join(outDir, htmlFile), 'utf8');
  const sources = new Set<string>();
  for (const match of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) sources.add(match[1] ?? '');
  for (const match of html.matchAll(
    /<link[^>]+rel="preload"[^>]+as="script"[^>]+href="([^"]+\.js)"/g,
  )) {
    sources.add(match[1] ?? '');
  }
  for (const match of html.matchAll(/<link[^>]+href="([^"]+\.js)"[^>]+as="script"/g))
    sources.add(match[1] ?? '');
  return [...sources].filter((src) => src !== '');
}

function weigh(htmlFile: string): PageWeight {
  const scripts = scriptsOf(htmlFile);
  let rawBytes = 0;
  let gzipBytes = 0;
  for (const src of scripts) {
    const body = readFileSync(path.join(outDir, src.replace(/^\//, '')));
    rawBytes += body.length;
    gzipBytes += gzipSync(body, { level: 9 }).length;
  }
  return { page: htmlFile, scripts, rawBytes, gzipBytes };
}

const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;

if (!existsSync(path.join(outDir, 'index.html'))) {
  console.error(`No build in ${outDir}: run \`npx next build apps/dashboard\` first.`);
  process.exit(1);
}

const dashboard = weigh('index.html');
const baseline = weigh('404.html');
const dashboardOnly = dashboard.scripts.filter((src) => !baseline.scripts.includes(src));
const leaks = SERVER_ONLY_MARKERS.filter((marker) =>
  dashboard.scripts.some((src) =>
    readFileSync(path.join(outDir, src.replace(/^\//, '')), 'utf8').includes(marker),
  ),
);

console.log('First-load JS (static export, every <script> the page loads):');
console.log(
  `  /          ${kib(dashboard.rawBytes)} raw, ${kib(dashboard.gzipBytes)} gzip, ${dashboard.scripts.length} files`,
);
console.log(
  `  /404 (baseline: framework only) ${kib(baseline.rawBytes)} raw, ${kib(baseline.gzipBytes)} gzip, ${baseline.scripts.length} files`,
);
console.log(
  `  dashboard / baseline: ${(dashboard.gzipBytes / baseline.gzipBytes).toFixed(2)}× gzip; ` +
    `dashboard's own code ≈ ${kib(dashboard.gzipBytes - baseline.gzipBytes)} gzip in ${dashboardOnly.length} extra file(s)`,
);
console.log(
  leaks.length === 0
    ? '  server-only SDK code in the browser bundle: none'
    : `  server-only SDK code in the browser bundle: FOUND (${leaks.join(', ')})`,
);
process.exitCode = leaks.length === 0 ? 0 : 2;
