/** @type {import('jest').Config} */
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'pipeline',
  rootDir: __dirname,
  // Suites start AWS's DynamoDB Local (a JVM) in beforeAll: a few seconds, more on a busy machine.
  testTimeout: 60_000,
};
