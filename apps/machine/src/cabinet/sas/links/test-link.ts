import type { SasLink } from '../link.ts';
import { CharacterDecoder, encodeCharacters } from './test-link-codec.ts';
import { openPort, writeAll } from '../../serial-port.ts';
import { linkOnPort } from './port-link.ts';

/**
 * The SAS link over a pseudo-terminal (docs/sas-test-link.md §2): the wakeup bit travels as a marker
 * byte before each character, since a pseudo-terminal carries no parity.
 */
export async function openTestLink(path: string): Promise<SasLink> {
  const port = await openPort(path);
  return linkOnPort(port, new CharacterDecoder(), (frame) => writeAll(port, encodeCharacters(frame)));
}
