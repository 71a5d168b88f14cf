// eslint-disable-next-line @nx/enforce-module-boundaries -- extends the shared root preset, as Nx scaffolds it
const preset = require('../../jest.preset.js');

/** @type {import('jest').Config} */
module.exports = {
  ...preset,
  displayName: 'audio-assembly',
  rootDir: __dirname,
};
