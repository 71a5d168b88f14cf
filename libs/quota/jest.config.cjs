/**
 * Two projects: the pure unit tests, and the ledger's suites (`ledger-*.spec.ts`) on AWS's own
 * DynamoDB Local (a JVM; Java 17). Every ledger operation is a `TransactWriteItems`, which
 * dynalite does not implement, so the ledger cannot run on dynalite at all (see the README).
 *
 * @type {import('jest').Config}
 */
const preset = require('../../jest.preset.js');

module.exports = {
  projects: [
    {
      ...preset,
      displayName: 'quota',
      rootDir: __dirname,
      testPathIgnorePatterns: [...preset.testPathIgnorePatterns, '<rootDir>/test/ledger-'],
    },
    {
      ...preset,
      displayName: 'quota · DynamoDB Local',
      rootDir: __dirname,
      testMatch: ['<rootDir>/test/ledger-*.spec.ts'],
      setupFiles: ['<rootDir>/test/support/use-dynamodb-local.cjs'],
    },
  ],
};
