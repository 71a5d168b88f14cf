const path = require('node:path');
// eslint-disable-next-line @nx/enforce-module-boundaries -- extends the shared root preset, as Nx scaffolds it
const preset = require('../../jest.preset.js');

/** @type {import('jest').Config} */
module.exports = {
  ...preset,
  displayName: 'audio-assembly',
  rootDir: __dirname,
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    // Jest resolves the package's "require" condition, an IIFE that exports nothing under CommonJS; map it to
    // the ESM build, which the preset transpiles.
    '^@breezystack/lamejs$': path.join(
      __dirname,
      '../../node_modules/@breezystack/lamejs/dist/lamejs.js',
    ),
  },
};
