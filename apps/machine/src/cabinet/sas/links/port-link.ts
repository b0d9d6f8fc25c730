import type { SerialPort } from 'serialport';
import type { LinkListener, SasLink } from '../link.ts';
import { closePort } from '../../serial-port.ts';

/** The machine's characters as a link's decoder reads them from the port's bytes. */
export interface Received {
  bytes: number[];
  /** Characters that arrived damaged and were dropped. */
  lineErrors: number;
}

export interface ChunkDecoder {
  push(chunk: Uint8Array): Received;
}

/** A SasLink on an open port: `send` writes a frame its way; what arrives goes through `decoder`. */
export function linkOnPort(port: SerialPort, decoder: ChunkDecoder, send: (frame: Uint8Array) => Promise<void>): SasLink {
  const listeners = new Set<LinkListener>();
  port.on('data', (chunk: Buffer) => {
    const { bytes, lineErrors } = decoder.push(chunk);
    for (const listener of listeners) {
      for (let i = 0; i < lineErrors; i++) listener.lineError();
      if (bytes.length > 0) listener.bytes(Uint8Array.from(bytes));
    }
  });
  return {
    send,
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => closePort(port),
  };
}
