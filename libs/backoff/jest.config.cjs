/**
 * The backoff delay on a fake `random`: no timers, no I/O.
 *
 * @type {import('jest').Config}
 */
const preset = require('../../jest.preset.js');

module.exports = {
  ...preset,
  displayName: 'backoff',
  rootDir: __dirname,
};
