/**
 * Two projects: every test on dynalite, and the ledger's guarantee suites (`ledger-*.spec.ts`)
 * again on AWS's own DynamoDB Local (a JVM; Java 17), so each guarantee is shown on the
 * reimplementation and on AWS's code.
 *
 * @type {import('jest').Config}
 */
const preset = require('../../jest.preset.js');

module.exports = {
  projects: [
    { ...preset, displayName: 'quota', rootDir: __dirname },
    {
      ...preset,
      displayName: 'quota · DynamoDB Local',
      rootDir: __dirname,
      testMatch: ['<rootDir>/test/ledger-*.spec.ts'],
      setupFiles: ['<rootDir>/test/support/use-dynamodb-local.cjs'],
    },
  ],
};
