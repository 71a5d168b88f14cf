import baseConfig from '../eslint.config.mjs';

// tools/deployed-app is its own project with its own lint target.
export default [{ ignores: ['deployed-app/**'] }, ...baseConfig];
