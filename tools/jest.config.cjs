/** @type {import('jest').Config} */
const preset = require('../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'tools',
  rootDir: __dirname,
  // tools/deployed-app is its own project (`nx run deployed-app:test`): not run twice.
  testPathIgnorePatterns: [...preset.testPathIgnorePatterns, '<rootDir>/deployed-app/'],
};
