/**
 * The engine's own suites: each part (queue, state machine, gateway, Lambda runtime, template
 * resolver, POST Object forms) on fixtures of its own, with no synthesized app. They start worker
 * threads and local servers, so they run in band.
 *
 * @type {import('jest').Config}
 */
// jose 6 is published as ESM only: transpile it too, as the preset does for lamejs.
const esmOnlyPackages = ['@breezystack/lamejs', 'jose'];

module.exports = {
  ...require('../../jest.preset.js'),
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnlyPackages.join('|')})/)`],
  displayName: 'aws-emulator',
  rootDir: __dirname,
  testTimeout: 600_000,
  maxWorkers: 1,
};
