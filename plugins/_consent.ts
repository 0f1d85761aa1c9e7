/**
 * What a plugin asks for and how it will run, in the words the user consents to: one owner
 * for the CLI's consent lines and the Plugins page's consent sheet.
 *
 * @module
 */
import type { BoundaryState } from "./_containment.ts";
import { type PluginManifest, WORKER_MODE_GAPS } from "./manifest.ts";
import { sandboxUnavailableNotice } from "./_sandbox.ts";

/** One thing a manifest asks for, with the author's reason. */
export interface ConsentRequest {
  /** What kind of power it is. */
  kind: "events" | "permission" | "capability";
  /** The events (`ALL events` for `*`), `<permission>: <values>`, or the capability. */
  what: string;
  /** The manifest's reason, or `""`. */
  reason: string;
  /** The whole request as one line: what the user consents to. */
  text: string;
}

/** Each event, permission and capability `manifest` asks for, with its reason. */
export function consentRequests(manifest: PluginManifest): ConsentRequest[] {
  const requests: ConsentRequest[] = [];
  const add = (kind: ConsentRequest["kind"], what: string, reason = "", label = kind) =>
    requests.push({ kind, what, reason, text: `${label}: ${what}${reason ? ` (${reason})` : ""}` });
  const events = manifest.events.includes("*") ? "ALL events" : manifest.events.join(", ");
  add("events", events || "(none)", manifest.reasons["events:*"]);
  for (const [kind, list] of Object.entries(manifest.permissions)) {
    add("permission", `${kind}: ${list.join(", ")}`, manifest.reasons[kind]);
  }
  for (const capability of manifest.capabilities) {
    add("capability", capability, manifest.reasons[capability]);
  }
  return requests;
}

/** The consent lines of the CLI: each request, and the author's suggestion of Worker mode. */
export function describeRequests(manifest: PluginManifest): string[] {
  const lines = consentRequests(manifest).map((request) =>
    request.kind === "events"
      ? request.text
      : `${request.kind} ${request.what}${request.reason ? ` (${request.reason})` : ""}`
  );
  if (manifest.isolation === "worker") lines.push(`the author suggests Worker mode (--worker)`);
  return lines;
}

/**
 * How a plugin will run: its isolation, the OS boundary's state (said when plugins run
 * without one) and its quotas.
 */
export function describeIsolation(options: {
  /** The user opted into Worker mode. */
  worker: boolean;
  /** Its disk quota. */
  diskQuotaMb: number;
  /** Whether this machine has the OS boundary. */
  boundary: BoundaryState;
  /** Said after the quotas: how to change them where this is read. */
  quotaHint?: string;
}): string[] {
  const { worker, diskQuotaMb, boundary, quotaHint } = options;
  if (worker) {
    return [
      `isolation: worker (opted in); unlike its own subprocess, a Worker plugin:`,
      ...WORKER_MODE_GAPS.map((gap) => `  - ${gap}`),
    ];
  }
  return [
    boundary.available
      ? "isolation: its own subprocess, inside the OS boundary (its own namespaces: no network without a net grant, no files or processes but its own)"
      : "isolation: its own subprocess",
    ...(boundary.available ? [] : [sandboxUnavailableNotice(boundary.reason)]),
    `quotas: CPU 0.5 core on average; disk ${diskQuotaMb} MiB for its data dir, DENO_DIR and storage${
      quotaHint ? ` (${quotaHint})` : ""
    }`,
  ];
}
