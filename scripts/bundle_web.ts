/**
 * `deno task bundle-web`: writes client/web/app.bundle.js, the page as one script
 * (client/page_bundle.ts). Run it after changing any of the page's modules: until then the
 * server serves the modules one by one, and tests/client/web/index_html_test.ts fails.
 *
 * @module
 */
import { writeBundle } from "../client/page_bundle.ts";

await writeBundle();
