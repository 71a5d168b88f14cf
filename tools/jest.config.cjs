/** @type {import('jest').Config} */
const preset = require('../jest.preset.js');

module.exports = {
  ...preset,
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
