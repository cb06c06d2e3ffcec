/**
 * What the Lambda bundles load in place of the `source-map` package (an esbuild alias in
 * FUNCTION_ESBUILD_OPTIONS, infra/lib/constructs/function-bundle.ts, to keep the bundles lean).
 *
 * Only handlebars' code generator requires it, inside a try, to emit source maps of precompiled
 * templates (`precompile` with `srcName`), which this product never does; without it handlebars
 * uses its own minimal SourceNode, as in its browser build. Templates compile and render the same;
 * the bundles carry 27 KB less. Nothing is exported, so SourceMap.SourceNode is undefined.
 */
export {};
