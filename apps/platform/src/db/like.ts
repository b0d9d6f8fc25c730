/** `%text%` for ILIKE, with the pattern characters of the text taken literally. */
export const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
