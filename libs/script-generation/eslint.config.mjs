// eslint-disable-next-line @nx/enforce-module-boundaries -- extends the shared root config, as Nx scaffolds it
import baseConfig from '../../eslint.config.mjs';

export default [...baseConfig];
