import { en } from 'zod/locales';
import { config } from 'zod/mini';

// zod/mini loads no locale: without this its issues all read "Invalid input". The English
// messages are the ones full zod gives, so an error the API or a handler reports reads the same.
config(en());

/**
 * The zod every schema of this lib is written in: `zod/mini` (functional checks, tree-shaken;
 * ≈ 30 KB in a bundle instead of full zod's ≈ 445 KB) with the English messages of full zod.
 * Schemas of other libs written in full zod compose inside these unchanged. Import it as a
 * namespace (`import * as z`): a re-exported namespace object would defeat tree-shaking.
 */
export * from 'zod/mini';
