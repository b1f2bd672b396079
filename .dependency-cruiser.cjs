/**
 * The layering of README's "How the pieces fit", checked by `npm run lint` (docs/architecture.md
 * explains each layer). Each rule names what a layer must not import; type-only imports count, so
 * the layers hold for the types too, and there are no import cycles at all.
 */
const FEATURES = '^src/(compare|recipes)/';
const ABOVE_CORE = '^src/(adapters|render|app|cli|service|server)/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'No import cycles, type-only ones included.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-kernel-imports-only-core',
      comment:
        'The kernel of core (errors, results, views, messages, the pipeline, the state store, the source interface) imports nothing of the project outside it.',
      severity: 'error',
      from: { path: '^src/core/', pathNot: '^src/core/(commands/|intents[.]ts$)' },
      to: { path: '^src/', pathNot: '^src/core/' },
    },
    {
      name: 'core-kernel-below-commands',
      comment: 'The command registry and the intents sit on the kernel, never under it.',
      severity: 'error',
      from: { path: '^src/core/', pathNot: '^src/core/(commands/|intents[.]ts$)' },
      to: { path: '^src/core/(commands/|intents[.]ts$)' },
    },
    {
      name: 'core-never-reaches-platforms-or-sources',
      comment:
        'Nothing in core reaches an adapter, a renderer, the app, the CLI, the service or a source, even through a feature: what it needs (a source, comparisons, ingredient lists) is injected by the app.',
      severity: 'error',
      from: { path: '^src/core/' },
      to: { path: '^src/(adapters|render|app|cli|service|server|sources|config|logging)/', reachable: true },
    },
    {
      name: 'features-below-commands-and-surfaces',
      comment: 'compare and recipes are used by core commands and adapters, and use neither, nor renderers.',
      severity: 'error',
      from: { path: FEATURES },
      to: { path: `^src/core/(commands/|intents[.]ts$)|${ABOVE_CORE}|^src/config/` },
    },
    {
      name: 'compare-asks-through-the-source-interface',
      comment: 'Comparisons look names up through LookupSource, never a source implementation.',
      severity: 'error',
      from: { path: '^src/compare/' },
      to: { path: '^src/sources/' },
    },
    {
      name: 'renderers-only-lay-out',
      comment: 'Renderers turn answers into platform messages; they know no adapter, no state and no source.',
      severity: 'error',
      from: { path: '^src/render/' },
      to: { path: '^src/(adapters|app|cli|service|server|sources|config|recipes)/|^src/core/state/' },
    },
    {
      name: 'adapters-only-translate',
      comment:
        'An adapter is given its services, source and store by the app; it never imports the app, the CLI, a source or the service.',
      severity: 'error',
      from: { path: '^src/adapters/' },
      to: { path: '^src/(app|cli|sources|service)/' },
    },
    {
      name: 'adapters-are-independent',
      comment: 'One platform never imports another.',
      severity: 'error',
      from: { path: '^src/adapters/([^/]+)/' },
      to: { path: '^src/adapters/[^/]+/', pathNot: '^src/adapters/$1/' },
    },
    {
      name: 'sources-below-features',
      comment: 'Sources answer lookups; they know no command, feature, renderer or surface.',
      severity: 'error',
      from: { path: '^src/sources/' },
      to: { path: `^src/core/(commands/|intents[.]ts$)|${FEATURES}|${ABOVE_CORE}` },
    },
    {
      name: 'store-implements-the-core-contract',
      comment:
        "The database stores implement core's StateStore; like a source, they know no command, feature, renderer or surface.",
      severity: 'error',
      from: { path: '^src/store/' },
      to: { path: `^src/core/(commands/|intents[.]ts$)|${FEATURES}|${ABOVE_CORE}|^src/(sources|ops)/` },
    },
    {
      name: 'operations-below-surfaces',
      comment: 'Rate limits, metrics and probes serve the surfaces; they import none of them.',
      severity: 'error',
      from: { path: '^src/ops/' },
      to: { path: `^src/core/(commands/|intents[.]ts$)|^src/(adapters|render|app|cli|service)/` },
    },
    {
      name: 'config-reads-only-registrations',
      comment:
        'The configuration merges what each source and adapter declares in its registration.ts, and loads none of their code.',
      severity: 'error',
      from: { path: '^src/config/' },
      to: {
        path: '^src/',
        pathNot:
          '^src/(config|core)/|^src/(adapters|sources)/[^/]+/registration[.]ts$|^src/(service|store|ops)/registration[.]ts$',
      },
    },
    {
      name: 'registrations-load-no-code',
      comment: 'A registration describes its source or adapter without importing it.',
      severity: 'error',
      from: { path: 'registration[.]ts$' },
      to: { path: '^src/', pathNot: '^src/config/(registration|schema)[.]ts$' },
    },
    {
      name: 'service-is-its-own-surface',
      comment:
        'The self-hosted API answers from the catalog; it shares no chat adapter, renderer or app code.',
      severity: 'error',
      from: { path: '^src/service/' },
      to: { path: '^src/(adapters|app|cli|render)/|^src/core/(commands/|intents[.]ts$)' },
    },
    {
      name: 'state-and-operations-below-surfaces',
      comment:
        'The database stores (src/store) and the operations modules (src/ops: limits, metrics, probes) are given to surfaces by the app; they import no surface, renderer, command or source.',
      severity: 'error',
      from: { path: '^src/(store|ops)/' },
      to: { path: `${ABOVE_CORE}|^src/core/(commands/|intents[.]ts$)|^src/sources/|${FEATURES}` },
    },
    {
      name: 'app-below-the-cli',
      comment: 'The CLI starts the app; the app never imports the CLI.',
      severity: 'error',
      from: { path: '^src/app/' },
      to: { path: '^src/cli/' },
    },
    {
      name: 'server-below-adapters',
      comment: 'The shared HTTP server knows no adapter and no app.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/(adapters|app|cli|render|core/commands)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^src/',
    // swc parses TypeScript: typescript 7 (the native port) has no JavaScript API dependency-cruiser
    // can use, which its "missing-tsc-transpiler" warning says; swc keeps type-only imports, so they
    // count as dependencies too (a type-only import across a layer is reported).
    parser: 'swc',
    tsPreCompilationDeps: true,
    exclude: { path: '[.]d[.]ts$' },
  },
};
