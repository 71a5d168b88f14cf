import baseConfig from '../../eslint.config.mjs';

export default [
  ...baseConfig,
  {
    // These two files load the workspace's shared root config (jest.preset.js,
    // eslint.config.mjs), which belongs to no project; that is configuration,
    // not a dependency between projects.
    files: ['eslint.config.mjs', 'jest.config.cjs'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
];
