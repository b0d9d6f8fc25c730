/**
 * A message's id chosen by the client (send-message `clientMessageId`): 32 hex characters. From
 * getRandomValues, which, unlike randomUUID, a page served over plain HTTP on a LAN also has.
 */
export function newClientMessageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
