// Root ESLint flat config shared by every project.
import nx from '@nx/eslint-plugin';
import jest from 'eslint-plugin-jest';
import prettier from 'eslint-config-prettier';

export default [
  ...nx.configs['flat/base'],
  ...nx.configs['flat/typescript'],
  ...nx.configs['flat/javascript'],
  {
    ignores: [
      '**/dist',
      '**/node_modules',
      '**/.next',
      '**/out',
      '**/cdk.out',
      '**/.nx',
      '**/.lumcast',
      '**/next-env.d.ts',
      '**/test-results',
      '**/playwright-report',
    ],
  },
  {
    files: ['**/*.ts', '**/*.tsx', '**/*.js', '**/*.jsx', '**/*.mjs', '**/*.cjs'],
    rules: {
      '@nx/enforce-module-boundaries': [
        'error',
        {
          enforceBuildableLibDependency: true,
          allow: [],
          depConstraints: [
            { sourceTag: 'type:lib', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:app', onlyDependOnLibsWithTags: ['type:lib'] },
            { sourceTag: 'type:tool', onlyDependOnLibsWithTags: ['type:lib', 'type:app'] },
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
    },
  },
  {
    // Project config files extend the shared root ones, as Nx scaffolds them.
    files: ['**/eslint.config.mjs', '**/jest.config.cjs', '**/jest.preset.js'],
    rules: { '@nx/enforce-module-boundaries': 'off' },
  },
  {
    files: ['**/*.spec.ts', '**/*.spec.tsx', '**/*.test.ts', '**/*.test.tsx', '**/test/**/*.ts'],
    plugins: { jest },
    rules: {
      'jest/no-focused-tests': 'error',
      'jest/no-disabled-tests': 'error',
      'jest/no-commented-out-tests': 'error',
      'jest/valid-title': 'error',
    },
  },
  {
    files: ['**/e2e/**/*.ts'],
    rules: {
      // Playwright's test.only / test.skip are as forbidden as Jest's.
      'no-restricted-properties': [
        'error',
        { object: 'test', property: 'only', message: 'Focused tests are not allowed.' },
        { object: 'test', property: 'skip', message: 'Skipped tests are not allowed.' },
        { object: 'describe', property: 'only', message: 'Focused tests are not allowed.' },
        { object: 'describe', property: 'skip', message: 'Skipped tests are not allowed.' },
      ],
    },
  },
  prettier,
];
