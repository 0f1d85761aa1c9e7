/**
 * The `deeplink:*` events and their payload shapes, which live in the shared layer
 * (`core/deeplink_payloads.js`: the page checks them too), re-exported for this folder.
 *
 * @module
 */
export { deepLinkValidators } from "../core/mod.ts";
export type {
  DeepLink,
  DeepLinkAddNetwork,
  DeepLinkCandidate,
  DeepLinkDisambiguate,
  DeepLinkEventMap,
  DeepLinkInstallPlugin,
  DeepLinkJoin,
} from "../core/mod.ts";
