import { en } from 'zod/locales';
import { config } from 'zod/mini';

// zod/mini loads no locale: without this its issues all read "Invalid input".
config(en());

/**
 * The zod this lib's request schema is written in: `zod/mini` (tree-shaken, so a bundle that
 * checks requests does not carry full zod) with full zod's English messages. Import it as a
 * namespace (`import * as z`); package.json lists this file as its one module with a side effect.
 */
export * from 'zod/mini';
