// The reference component validates with zod, which probes `Function("")` to decide whether to compile validators;
// under our CSP (no 'unsafe-eval') that probe is a reported violation. Jitless mode skips the probe.
import { z } from 'zod';

z.config({ jitless: true });
