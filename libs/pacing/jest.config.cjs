/**
 * The pacer's suites: input checks run before any I/O; the guarantees run on AWS's own DynamoDB
 * Local (a JVM; Java 17) through the real SDK client.
 *
 * @type {import('jest').Config}
 */
const preset = require('../../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'pacing',
  rootDir: __dirname,
};
