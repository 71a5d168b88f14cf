import baseConfig from '../eslint.config.mjs';

// tools/deployed-app and tools/aws-emulator are projects with their own lint targets.
export default [{ ignores: ['deployed-app/**', 'aws-emulator/**'] }, ...baseConfig];
