import { CHAT_MESSAGE_MAX_LENGTH } from '@reelcast/protocol';
import { invalidRequest } from '../shared/index.ts';

/** Half a surrogate pair: not a character, and PostgreSQL text cannot hold it (nor NUL). */
const loneSurrogate = /\p{Cs}/u;

/**
 * The text a message is stored and shown with: trimmed, not empty, at most CHAT_MESSAGE_MAX_LENGTH
 * characters (counted as the database counts them, by code point). Markup is text like any other.
 */
export function messageText(raw: string): string {
  const text = raw.trim();
  if (!text) throw invalidRequest('The message is empty: type some text to send.');
  if (text.includes('\0') || loneSurrogate.test(text)) throw invalidRequest('The message contains characters that cannot be sent.');
  const length = [...text].length;
  if (length > CHAT_MESSAGE_MAX_LENGTH) {
    throw invalidRequest(`The message is too long: at most ${CHAT_MESSAGE_MAX_LENGTH} characters (this one has ${length}).`);
  }
  return text;
}
