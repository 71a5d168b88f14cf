/** @type {import('jest').Config} */
module.exports = {
  // eslint-disable-next-line @nx/enforce-module-boundaries -- extends the shared root preset, as Nx scaffolds it
  ...require('../../jest.preset.js'),
  displayName: 'script-generation',
  rootDir: __dirname,
};
