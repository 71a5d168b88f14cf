/** @type {import('jest').Config} */
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'audio-assembly',
  rootDir: __dirname,
};
