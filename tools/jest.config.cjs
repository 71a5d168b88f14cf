/** @type {import('jest').Config} */
const preset = require('../jest.preset.js');

// The engine (`@lumcast/aws-emulator`, which `local-stack/engine-stack.ts` runs) imports jose,
// published as ES modules only (the preset's own two as well).
const esmOnlyPackages = ['@breezystack/lamejs', 'unpdf', 'jose'];

module.exports = {
  ...preset,
  transformIgnorePatterns: [`/node_modules/(?!(${esmOnlyPackages.join('|')})/)`],
  displayName: 'tools',
  rootDir: __dirname,
  // tools/deployed-app and tools/aws-emulator are projects of their own (`nx run deployed-app:test`,
  // `nx run aws-emulator:test`): not run twice.
  testPathIgnorePatterns: [
    ...preset.testPathIgnorePatterns,
    '<rootDir>/deployed-app/',
    '<rootDir>/aws-emulator/',
  ],
};
