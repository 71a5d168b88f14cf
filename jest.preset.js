// Shared Jest preset: @swc/jest transpiles TypeScript (type checking is the
// separate `typecheck` target), and the @lumcast/* aliases resolve to sources.
const path = require('node:path');

/** Packages published as ESM only, which Jest's CommonJS runtime must transpile. */
const esmOnlyPackages = ['@breezystack/lamejs', 'unpdf'];

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j|mj)sx?$': [
      require.resolve('@swc/jest'),
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          target: 'es2022',
          transform: { react: { runtime: 'automatic' } },
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnlyPackages.join('|')})/)`],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: {
    '^@lumcast/quota$': path.join(__dirname, 'libs/quota/src/index.ts'),
    '^@lumcast/audio-assembly$': path.join(__dirname, 'libs/audio-assembly/src/index.ts'),
    '^@lumcast/script-generation$': path.join(__dirname, 'libs/script-generation/src/index.ts'),
    '^@lumcast/pipeline$': path.join(__dirname, 'libs/pipeline/src/index.ts'),
    '^@lumcast/pipeline/contract$': path.join(__dirname, 'libs/pipeline/src/contract/index.ts'),
    '^@lumcast/local-dynamo$': path.join(__dirname, 'libs/local-dynamo/src/index.ts'),
    '^@lumcast/pacing$': path.join(__dirname, 'libs/pacing/src/index.ts'),
    '^@lumcast/backoff$': path.join(__dirname, 'libs/backoff/src/index.ts'),
    '^@lumcast/aws-emulator$': path.join(__dirname, 'tools/aws-emulator/src/index.ts'),
    // Jest resolves lamejs's "require" condition, an IIFE that exports nothing under CommonJS;
    // map it to the ESM build, which the transform above transpiles.
    '^@breezystack/lamejs$': path.join(
      __dirname,
      'node_modules/@breezystack/lamejs/dist/lamejs.js',
    ),
    // unpdf's PDF.js build has only an "import" condition, which Jest's resolver does not read.
    '^unpdf/pdfjs$': path.join(__dirname, 'node_modules/unpdf/dist/pdfjs.mjs'),
  },
  testMatch: ['**/?(*.)+(spec|test).[jt]s?(x)'],
  testPathIgnorePatterns: ['/node_modules/', '/e2e/', '/dist/', '/.next/'],
};
