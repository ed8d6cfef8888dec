// zod builds fast object parsers with `new Function` once it has found that eval works, and it finds out by
// trying: under the console's Content-Security-Policy (script-src 'self', no 'unsafe-eval') that try is a
// violation the browser reports on every page. Jitless parsing never tries. zod reads this global when its
// core loads, and the bundle's chunks load before any code of ours runs, so it is set here, by a classic
// script that index.html runs before the module entry.
globalThis.__zod_globalConfig = Object.assign(globalThis.__zod_globalConfig || {}, { jitless: true });
