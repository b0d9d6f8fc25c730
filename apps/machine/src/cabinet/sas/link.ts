/**
 * The wire between the host and one gaming machine (docs/sas.md "Links"). The host sends a frame whose
 * first byte carries the wakeup (9th) bit; the machine's answer comes back as plain bytes, and a
 * character that arrived damaged (a parity or framing fault, a wakeup bit from the machine) is
 * reported as a line error instead of a byte.
 */
export interface SasLink {
  send(frame: Uint8Array): Promise<void>;
  /** The machine's bytes and line errors, in the order they arrived; returns the unsubscribe. */
  listen(listener: LinkListener): () => void;
  close(): Promise<void>;
}

export interface LinkListener {
  bytes(bytes: Uint8Array): void;
  lineError(): void;
}
