/**
 * The deployed-app run: the synthesized template's functions, state machine, queue, API and IAM
 * on one machine. Its tests start DynamoDB Local (Java) and real episodes, so they run in band
 * with long timeouts; `test` depends on `infra:synth`, which writes the cloud assembly they read.
 *
 * @type {import('jest').Config}
 */
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'deployed-app',
  rootDir: __dirname,
  testTimeout: 600_000,
  maxWorkers: 1,
};
