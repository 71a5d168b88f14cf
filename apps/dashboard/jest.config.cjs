const path = require('node:path');

/** @type {import('jest').Config} */
module.exports = {
  ...require('../../jest.preset.js'),
  displayName: 'dashboard',
  rootDir: __dirname,
  testEnvironment: 'jsdom',
  // The @lumcast libs' index modules import the AWS SDK (never called here); load its Node build.
  testEnvironmentOptions: { customExportConditions: ['node', 'require', 'default'] },
  setupFiles: [path.join(__dirname, 'test/support/jsdom-globals.ts')],
  setupFilesAfterEnv: [path.join(__dirname, 'test/setup-tests.ts')],
  moduleNameMapper: {
    ...require('../../jest.preset.js').moduleNameMapper,
    '\\.module\\.css$': path.join(__dirname, 'test/support/css-module-stub.cjs'),
    '\\.css$': path.join(__dirname, 'test/support/css-module-stub.cjs'),
  },
  testPathIgnorePatterns: ['/node_modules/', '/e2e/', '/out/', '/.next/'],
  // Typing in jsdom is slow when the machine is busy (CI runs several projects' tests at once).
  testTimeout: 30_000,
};
