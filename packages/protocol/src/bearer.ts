/**
 * The token of an `Authorization: Bearer …` header (RFC 6750), or null when there is none or it is
 * longer than any token of ours (4096 characters).
 *
 * @example
 * bearerToken('Bearer abc.def') // 'abc.def'
 * bearerToken('Basic abc') // null
 */
export function bearerToken(header: string | undefined): string | null {
  if (!header) return null;
  const match = /^Bearer\s+(\S{1,4096})$/i.exec(header);
  return match ? match[1]! : null;
}
