/** @type {import('jest').Config} */
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'audio-assembly',
  rootDir: __dirname,
  // Real espeak-ng (WASM) and ffmpeg run in these tests; a busy 2-core CI machine needs room.
  testTimeout: 30_000,
};
