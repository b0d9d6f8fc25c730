import type { LinkListener, SasLink } from '../link.ts';
import { CharacterDecoder, encodeCharacters } from './test-link-codec.ts';
import { closePort, openPort, writeAll } from './open-port.ts';

/**
 * The SAS link over a pseudo-terminal (docs/sas-test-link.md §2): the wakeup bit travels as a marker
 * byte before each character, since a pseudo-terminal carries no parity.
 */
export async function openTestLink(path: string): Promise<SasLink> {
  const port = await openPort(path);
  const decoder = new CharacterDecoder();
  const listeners = new Set<LinkListener>();
  port.on('data', (chunk: Buffer) => {
    const { bytes, lineErrors } = decoder.push(chunk);
    for (const listener of listeners) {
      for (let i = 0; i < lineErrors; i++) listener.lineError();
      if (bytes.length > 0) listener.bytes(Uint8Array.from(bytes));
    }
  });
  return {
    send: (frame) => writeAll(port, encodeCharacters(frame)),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () => closePort(port),
  };
}
