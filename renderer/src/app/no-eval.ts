import { z } from 'zod';

// The renderer's CSP forbids eval: tell zod (used by shared/ decoders) not to probe for it or
// compile parsers with `new Function`, which would log a CSP violation.
z.config({ jitless: true });
