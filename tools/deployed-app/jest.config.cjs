/**
 * The deployed-app run: the synthesized template's functions, state machine, queue, API and IAM
 * on one machine. Its tests start DynamoDB Local (Java) and real episodes, so they run in band
 * with long timeouts; `test` depends on `infra:synth`, which writes the cloud assembly they read.
 *
 * @type {import('jest').Config}
 */
// jose 6 is published as ESM only: transpile it too, as the preset does for lamejs.
const esmOnlyPackages = ['@breezystack/lamejs', 'jose'];

module.exports = {
  ...require('../../jest.preset.js'),
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnlyPackages.join('|')})/)`],
  displayName: 'deployed-app',
  rootDir: __dirname,
  testTimeout: 600_000,
  maxWorkers: 1,
};
