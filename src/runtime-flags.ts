/**
 * V8 settings the server process needs, applied on import: `src/server.ts` imports this module
 * first, so they hold before any other module runs.
 *
 * `--no-allocation-site-pretenuring` (V8's allocation-site pretenuring: Clifford et al., "Memento
 * Mori: Dynamic Allocation-Site-Based Optimizations", ISMM 2015). V8 tracks how many objects of
 * each allocation site survive a scavenge. A site with a high survival rate gets its objects
 * allocated directly in the old generation. Start-up survives almost everything: the models,
 * PGlite and the migrations load then. In about a third of the server's starts, a site that the
 * request path later uses was left pretenured, and that start stayed slow for as long as it ran.
 * Every request's short-lived objects then went to the old generation. Concurrent marking burned
 * 1.6 s of CPU per 5 s on V8's worker threads, and each scavenge took 10–15 ms instead of 0.5.
 * Measured with `GET /api/auth/me` under autocannon, 6 or 8 starts per setting on PGlite
 * (docs/benchmarks.md "Round 6"):
 * - default: 4 of 12 starts slow, at 31–37k req/s against 42–50k;
 * - this flag: 0 of 16 slow, whether given on the command line or set here.
 */
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--no-allocation-site-pretenuring');
