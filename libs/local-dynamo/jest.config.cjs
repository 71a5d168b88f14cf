/** @type {import('jest').Config} */
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'local-dynamo',
  rootDir: __dirname,
};
