import baseConfig from '../../eslint.config.mjs';

export default [
  ...baseConfig,
  {
    files: ['test/**/*.tsx'],
    rules: {
      'jest/no-focused-tests': 'error',
      'jest/no-disabled-tests': 'error',
      'jest/no-commented-out-tests': 'error',
      'jest/valid-title': 'error',
    },
  },
];
